import { useRef, useState } from 'react';
import { type AdminOrder, RefundRequestSchema, refundTooLargeMessage } from '#shared/contracts/admin-orders.ts';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { money } from '../ui/format.ts';
import { useOrderWrite } from './order-api.ts';

/** The refund form's check: the shared schema (positive, 2 decimals), then the order's remainder. */
export function validateRefund(
  amountText: string,
  reason: string,
  refundable: number,
):
  | { ok: true; value: { refund_amount: number; reason?: string } }
  | { ok: false; field: 'amount' | 'reason'; message: string } {
  const text = amountText.trim().replace(/^\$/, '');
  const amount = text === '' ? Number.NaN : Number(text);
  const parsed = RefundRequestSchema.safeParse({
    refund_amount: Number.isNaN(amount) ? undefined : amount,
    ...(reason.trim() ? { reason } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'reason' ? 'reason' : 'amount';
    const message = Number.isNaN(amount) ? 'Refund amount must be a number' : (issue?.message ?? 'Check the amount');
    return { ok: false, field, message };
  }
  if (Math.round(parsed.data.refund_amount * 100) > Math.round(refundable * 100)) {
    return { ok: false, field: 'amount', message: refundTooLargeMessage(refundable) };
  }
  return { ok: true, value: parsed.data };
}

/**
 * Refund part or all of what remains. Mounted only while open (the page keys it), so the amount
 * starts at the refundable remainder every time.
 */
export function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const [amount, setAmount] = useState(order.refundable_amount.toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'amount' | 'reason'; message: string } | null>(null);
  const write = useOrderWrite(order.id);
  const amountRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    const checked = validateRefund(amount, reason, order.refundable_amount);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      if (checked.field === 'amount') amountRef.current?.focus();
      return;
    }
    setError(null);
    write.mutate(
      {
        kind: 'refund',
        body: checked.value,
        success: `Refunded ${money(checked.value.refund_amount)}`,
        failure: 'Could not record the refund',
      },
      { onSuccess: onClose },
    );
  };

  return (
    <FormDialog
      title={`Refund ${order.order_number}`}
      description={`Up to ${money(order.refundable_amount)} can be refunded${
        order.refunded_amount > 0 ? ` (${money(order.refunded_amount)} already refunded)` : ''
      }.`}
      submitLabel="Refund"
      pendingLabel="Refunding…"
      danger
      pending={write.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        ref={amountRef}
        label="Refund amount ($)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={`At most ${order.refundable_amount.toFixed(2)}, with up to 2 decimals.`}
        error={error?.field === 'amount' ? error.message : undefined}
      />
      <TextAreaField
        label="Reason"
        optional
        hint="The customer's refund email gives it."
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error?.field === 'reason' ? error.message : undefined}
      />
    </FormDialog>
  );
}
