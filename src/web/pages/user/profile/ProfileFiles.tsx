/** The profile's files tab: the photo, the CV and the student file, each uploaded on its own (forms/widgets/UploadField). */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadField } from '../../../forms/widgets/UploadField';
import type { Me } from './useProfileForm';

export default function ProfileFiles({ me, reload }: { me: Me; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <div className="profile-files">
      {(['avatar', 'cv', 'student'] as const).map((kind) => (
        <section key={kind}>
          <Typography.Title level={4}>{t(`profile.files.${kind}`)}</Typography.Title>
          <UploadField
            kind={kind}
            value={(kind === 'avatar' ? me.photo : kind === 'cv' ? me.cv : me.student_file) ?? null}
            onChange={() => void reload()}
          />
        </section>
      ))}
    </div>
  );
}
