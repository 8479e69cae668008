import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS } from "~/constants";
import type { ToastType } from "~/platform/http/toast-types";

export interface ToastMessage {
  message: string;
  type: ToastType;
}

const TONES: Record<ToastType, { className: string; icon: string }> = {
  success: {
    className:
      "bg-brand-50 text-brand-900 ring-brand-200 dark:bg-brand-950 dark:text-brand-100 dark:ring-brand-800",
    icon: "✓",
  },
  info: {
    className: "bg-white text-zinc-900 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-700",
    icon: "i",
  },
  error: {
    className: "bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800",
    icon: "!",
  },
};

interface ToastState extends ToastMessage {
  id: number;
  visible: boolean;
}

const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);

/** Shows one toast at a time; it can be closed and closes itself after 4 seconds. */
export function ToastProvider({ children, initial }: { children: ReactNode; initial?: ToastMessage | null }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const counter = useRef(0);
  const show = useCallback((next: ToastMessage) => {
    counter.current += 1;
    setToast({ ...next, id: counter.current, visible: true });
  }, []);
  const close = useCallback(
    () => setToast((current) => (current ? { ...current, visible: false } : null)),
    [],
  );

  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);

  useEffect(() => {
    if (!toast?.visible) return;
    const timer = setTimeout(close, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, close]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region stays mounted so screen readers announce each new message. */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex justify-center px-4"
      >
        {toast?.visible ? (
          <div
            key={toast.id}
            role={toast.type === "error" ? "alert" : "status"}
            data-testid="toast"
            data-type={toast.type}
            className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${TONES[toast.type].className}`}
          >
            <span aria-hidden>{TONES[toast.type].icon}</span>
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={close}
              aria-label="Close notification"
              className="opacity-70 hover:opacity-100"
            >
              ✕
            </button>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return show;
}
