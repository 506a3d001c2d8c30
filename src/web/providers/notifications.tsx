/**
 * Toasts (SPEC §8/§9): red for errors, green for successes, bottom right, 5 s, at most 500 px wide.
 * One antd notification instance lives in <FeedbackProvider>; Refine's notificationProvider and the
 * pages (useFeedback) both use it. This replaces antd's <App> wrapper, which would also pull the
 * modal machinery into the first page, and @refinedev/antd's provider, whose entry point pulls its
 * whole component set. The instance (ToastHost) is loaded with the first toast: most visits show none,
 * and a public page's first visit should stay small (issue 9 §4).
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { NotificationProvider } from '@refinedev/core';
import type { NotificationApi } from './ToastHost';
import { i18n, REFINE_ERROR } from './i18n';

const ToastHost = lazy(() => import('./ToastHost'));
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
    api.open({
      key,
      type: kind,
      message: title,
      description: text,
      className: `toast toast-${kind}`,
      role: kind === 'error' ? 'alert' : 'status',
    });
  return {
    show,
    success: (title, text) => show('success', title, text),
    error: (title, text) => show('error', title, text),
    close: (key) => api.destroy(key),
  };
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<NotificationApi | null>(null);
  // toasts asked for before the instance is loaded wait here, in order
  const waiting = useRef<Array<(api: NotificationApi) => void>>([]);
  const onReady = useCallback((ready: NotificationApi) => {
    api.current = ready;
    for (const call of waiting.current.splice(0)) call(ready);
  }, []);
  const feedback = useMemo(() => {
    const withApi = (call: (ready: NotificationApi) => void) => {
      if (api.current) return call(api.current);
      waiting.current.push(call);
      setWanted(true);
    };
    const proxy = {
      open: (config: Parameters<NotificationApi['open']>[0]) => withApi((ready) => ready.open(config)),
      destroy: (key?: string) => api.current?.destroy(key), // nothing shown yet: nothing to close
    } as NotificationApi;
    // eslint-disable-next-line react-hooks/refs -- the proxy reads the ref when a toast is opened, not while rendering
    return feedbackOf(proxy);
  }, []);
  return (
    <FeedbackContext.Provider value={feedback}>
      {wanted ? (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      ) : null}
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
      // a failed request without a notification of its own: the server's explanation is the headline (SPEC §8)
      if (message === REFINE_ERROR)
        return feedback.show('error', description || i18n.t('errors.unexpected.title'), undefined, key);
      // `message` is the headline (e.g. 'Could not sign in'), `description` the server's explanation
      feedback.show(kind, message, description, key);
    },
    close: (key) => feedback.close(key),
  };
}
