import { useRef, useState, type ReactNode } from 'react';
import type { ButtonVariant } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/text-field.tsx';

/** The shared schema of a body with one text field, as `safeParse` answers. */
interface OneFieldSchema<Body> {
  safeParse(
    input: unknown,
  ): { success: true; data: Body } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A question that needs one text before its yes (a rejection's reason, a refund's reference): the shared schema
 * checks it, and its message shows under the field. Mounted to ask, unmounted once answered or dismissed, so that
 * each asking starts empty. Enter in a one-line field answers yes.
 */
export function AskTextDialog<Body>({
  title,
  children,
  field,
  label,
  hint,
  multiline = false,
  maxLength,
  schema,
  confirmLabel,
  confirmVariant,
  dismissLabel,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  /** The body's field the text goes into. */
  field: keyof Body & string;
  label: string;
  hint: string;
  multiline?: boolean;
  maxLength: number;
  schema: OneFieldSchema<Body>;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  dismissLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: (body: Body) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  function confirm() {
    const parsed = schema.safeParse({ [field]: text });
    if (parsed.success) return onConfirm(parsed.data);
    setError(parsed.error.issues[0]?.message);
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }

  const props = {
    label,
    hint,
    name: field,
    value: text,
    maxLength,
    error,
    onChange: ({ target }: { target: { value: string } }) => {
      setText(target.value);
      setError(undefined);
    },
    className: 'mt-4',
  };
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      confirmVariant={confirmVariant}
      dismissLabel={dismissLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      {children}
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) confirm();
        }}
      >
        {multiline ? <TextAreaField {...props} /> : <TextField {...props} />}
      </form>
    </ConfirmDialog>
  );
}
