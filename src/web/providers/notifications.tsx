/**
 * Toasts (SPEC §8/§9): red for errors, green for successes, bottom right, 5 s, at most 500 px wide.
 * One antd notification instance lives in <FeedbackProvider>; Refine's notificationProvider and the
 * pages (useFeedback) both use it. This replaces antd's <App> wrapper, which would also pull the
 * modal machinery into the first page, and @refinedev/antd's provider, whose entry point pulls its
 * whole component set.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { notification } from 'antd';
import type { NotificationProvider } from '@refinedev/core';
import { TOAST_MS } from '../../shared/constants';

type NotificationApi = ReturnType<typeof notification.useNotification>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

export interface Feedback {
  /** A toast; `title` is the bold first line, `text` the optional detail. */
  show: (kind: Kind, title: string, text?: string, key?: string) => void;
  success: (title: string, text?: string) => void;
  error: (title: string, text?: string) => void;
  close: (key: string) => void;
}

const FeedbackContext = createContext<Feedback | null>(null);

function feedbackOf(api: NotificationApi): Feedback {
  const show: Feedback['show'] = (kind, title, text, key) =>
    api.open({ key, type: kind, message: title, description: text, className: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' });
  return {
    show,
    success: (title, text) => show('success', title, text),
    error: (title, text) => show('error', title, text),
    close: (key) => api.destroy(key),
  };
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = notification.useNotification({ placement: 'bottomRight', duration: TOAST_MS / 1000, maxCount: 4 });
  const feedback = useMemo(() => feedbackOf(api), [api]);
  return (
    <FeedbackContext.Provider value={feedback}>
      {holder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside <FeedbackProvider>');
  return feedback;
}

/** Refine's notifications (mutation errors, auth failures…) as the same toasts. */
export function useNotificationProvider(): NotificationProvider {
  const feedback = useFeedback();
  return {
    open: ({ key, message, description, type }) => {
      const kind: Kind = type === 'progress' ? 'info' : type;
      // `message` is the headline (e.g. 'Could not sign in'), `description` the server's explanation
      feedback.show(kind, message, description, key);
    },
    close: (key) => feedback.close(key),
  };
}
