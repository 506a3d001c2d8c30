/**
 * Refine's notifications through antd's App context (bottom right, 5 s: configured on <App>).
 * Written here rather than imported from @refinedev/antd, whose entry point pulls its whole
 * component set into the first page's bundle.
 */
import { App } from 'antd';
import type { NotificationProvider } from '@refinedev/core';

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      const kind = type === 'progress' ? 'info' : type;
      notification.open({ key, type: kind, message: description ?? message, description: description ? message : undefined });
    },
    close: (key) => notification.destroy(key),
  };
}
