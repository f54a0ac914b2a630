// Small accessible building blocks: every control has a label, dialogs are native <dialog>s (focus
// trap and Escape for free), menus answer the keyboard, and a button busy with a call is disabled.
import { Fragment, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ApiError } from './api/index.ts';

export function Button({ busy, children, variant = 'secondary', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; variant?: 'primary' | 'secondary' | 'danger' | 'link' }) {
  return (
    <button type="button" className={`btn btn-${variant}`} disabled={busy || rest.disabled} aria-busy={busy || undefined} {...rest}>
      {children}
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
    </button>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <div>{children}</div> : null}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  );
}

export function Field({ label, hint, children, id }: { label: string; hint?: ReactNode; children: (id: string) => ReactNode; id?: string }) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      {children(fieldId)}
      {hint ? <p className="hint">{hint}</p> : null}
    </div>
  );
}

/**
 * A modal dialog, rendered into document.body (so it never inherits the colours of where it was
 * opened, such as the dark header). It opens with focus on its first field, or its first button
 * after the ×: Enter must never close what was just opened. With `confirmClose` (a secret shown
 * once and not yet copied), Escape and × ask that question before closing.
 */
export function Modal({ title, open, onClose, children, confirmClose }: { title: string; open: boolean; onClose: () => void; children: ReactNode; confirmClose?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      setAsking(false);
      const first =
        d.querySelector<HTMLElement>('[data-autofocus]') ??
        d.querySelector<HTMLElement>('.dialog-content input:not([type="hidden"]):not([disabled]), .dialog-content select:not([disabled]), .dialog-content textarea:not([disabled])') ??
        d.querySelector<HTMLElement>('.dialog-content button:not([disabled]), .dialog-content a[href]');
      first?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => {
    if (asking) ref.current?.querySelector<HTMLButtonElement>('.confirm-close button')?.focus();
  }, [asking]);
  const requestClose = () => (confirmClose ? setAsking(true) : onClose());
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        // Closed by the browser itself, not through onClose: a second Escape in a row closes a
        // dialog whatever its cancel handler says. A secret not yet copied opens again, asking.
        if (!open) return;
        if (confirmClose && ref.current) {
          ref.current.showModal();
          setAsking(true);
        } else onClose();
      }}
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
    >
      {open ? (
        <>
          <div className="dialog-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="btn btn-link" aria-label="Close" onClick={requestClose}>
              ×
            </button>
          </div>
          <div className="dialog-content">{children}</div>
          {asking && confirmClose ? (
            <div className="confirm-close" role="group" aria-label="Close this dialog?">
              <p role="alert">{confirmClose}</p>
              <div className="actions">
                <Button onClick={() => setAsking(false)}>Keep open</Button>
                <Button variant="danger" onClick={onClose}>
                  Close anyway
                </Button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}

/**
 * Puts `text` on the clipboard. Plain http off localhost has no clipboard API: the element's text is
 * selected and copied the older way. False when neither worked (the text stays selected).
 */
export async function copyText(text: string, elementId?: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const element = elementId ? document.getElementById(elementId) : null;
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select();
    else if (element) window.getSelection()?.selectAllChildren(element);
    else return false;
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** A Copy button for `text` (shown in the element `targetId`): says "Copied" once it worked. */
export function CopyButton({ text, targetId, label = 'Copy', onCopied, ...rest }: { text: string; targetId?: string; label?: string; onCopied?: () => void } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'>) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [text]);
  return (
    <Button
      {...rest}
      onClick={async () => {
        const ok = await copyText(text, targetId);
        setCopied(ok);
        if (ok) onCopied?.();
      }}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}

/**
 * An email address that wraps only after its @ and before its dots, never inside a word. The break
 * opportunities sit between the parts, so a part may also be laid out as a box of its own.
 */
export function Email({ address }: { address: string }) {
  const parts = address.split(/(?=\.)|(?<=@)/);
  return (
    <span className="email">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A call a control starts (a form's submit, a confirm button): `busy` while it runs, so the control
 * is disabled and a second click sends nothing; its failure kept to show with ErrorNote.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (call: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** A confirmation dialog whose confirm button runs `action` and stays disabled while it does. */
export function Confirm({ title, open, onClose, children, confirmLabel, action }: { title: string; open: boolean; onClose: () => void; children: ReactNode; confirmLabel: string; action: () => Promise<unknown> }) {
  const { busy, error, setError, run } = useAction();
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const confirm = () =>
    run(async () => {
      await action();
      onClose();
    });
  return (
    <Modal title={title} open={open} onClose={onClose}>
      <div className="dialog-body">{children}</div>
      <ErrorNote error={error} />
      <div className="actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" busy={busy} onClick={confirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A three-dot menu (or one opened by a worded `button`): a button opening a list of actions, closed
 * by Escape or a click elsewhere.
 */
export function Menu({ label, items, button }: { label: string; items: Array<{ label: string; onSelect: () => void; danger?: boolean }>; button?: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const onKey = (e: React.KeyboardEvent) => {
    const entries = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (e.key === 'ArrowDown' && entries.length) {
      e.preventDefault();
      entries[(at + 1) % entries.length].focus();
    } else if (e.key === 'ArrowUp' && entries.length) {
      e.preventDefault();
      entries[(at - 1 + entries.length) % entries.length].focus();
    }
  };
  return (
    <div className="menu" ref={root} onKeyDown={onKey}>
      <button type="button" className={button ? 'btn btn-link' : 'btn btn-link kebab'} aria-label={label} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((o) => !o)}>
        {button ?? '⋮'}
      </button>
      {open ? (
        <div className="menu-list" role="menu" id={menuId} aria-label={label}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger ? 'danger' : ''}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A table's header: the named columns, then the row actions' column (named for screen readers only).
 * Columns in `narrow` are left out at phone width (their cells carry the `hide-narrow` class too).
 */
export function Columns({ names, narrow = [] }: { names: string[]; narrow?: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th scope="col" key={name} className={narrow.includes(name) ? 'hide-narrow' : undefined}>
            {name}
          </th>
        ))}
        <th scope="col">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/**
 * A JSON value, formatted. The block scrolls when long, so it is a labelled region that takes
 * keyboard focus (arrow keys scroll it); `wrap` breaks long lines instead of scrolling sideways.
 */
export function Json({ value, label, wrap }: { value: unknown; label: string; wrap?: boolean }) {
  return (
    <pre className={wrap ? 'json wrap' : 'json'} tabIndex={0} role="region" aria-label={label}>
      {value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The value of a text that is entirely JSON (an object or an array), else undefined. */
export function parseJsonText(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') && t.endsWith('}')) && !(t.startsWith('[') && t.endsWith(']'))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

export const when = (iso: string) => (iso ? new Date(iso).toLocaleString() : '');
