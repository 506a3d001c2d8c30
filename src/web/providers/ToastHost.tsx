/** antd's notification instance, loaded the first time a toast is shown (providers/notifications.tsx). */
import { useEffect } from 'react';
import { notification } from 'antd';
import { TOAST_MS } from '../../shared/constants';
import { AntdScope } from '../components/AntdScope';

export type NotificationApi = ReturnType<typeof notification.useNotification>[0];

export default function ToastHost({ onReady }: { onReady: (api: NotificationApi) => void }) {
  const [api, holder] = notification.useNotification({ placement: 'bottomRight', duration: TOAST_MS / 1000, maxCount: 4 });
  useEffect(() => onReady(api), [api, onReady]);
  return <AntdScope>{holder}</AntdScope>;
}
