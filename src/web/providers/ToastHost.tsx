/** antd's notification instance, loaded the first time a toast is shown (providers/notifications.tsx). */
import { useEffect, useState } from 'react';
import { notification } from 'antd';
import { TOAST_MS } from '../../shared/constants';
import { AntdScope } from '../components/AntdScope';

export type NotificationApi = ReturnType<typeof notification.useNotification>[0];

export default function ToastHost({ onReady }: { onReady: (api: NotificationApi) => void }) {
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    duration: TOAST_MS / 1000,
    maxCount: 4,
  });
  // ready one render after mounting: the holder finds its container in its first effect and mounts its list on
  // the next render; a toast opened before that would wait in its queue until the next one (rc-notification)
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- ready one render after mounting (see above)
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (mounted) onReady(api);
  }, [mounted, api, onReady]);
  return <AntdScope>{holder}</AntdScope>;
}
