import { useState, type FormEvent } from 'react';
import { payDemoCheckout } from '../api/pay-demo-checkout';
import { CARD_FIELDS, cardFormProblems, digitsOf, type CardValues } from '../lib/card';
import { payProblemOf, type CardField, type PayProblem } from '../lib/errors';

const EMPTY: CardValues = { name: '', number: '', expiry: '', cvc: '' };

/** The id of a field's input (focus moves to the first problem on submit). */
export const cardFieldId = (field: CardField) => `card-${field}`;
const focus = (field: CardField) => document.getElementById(cardFieldId(field))?.focus();

/**
 * The demo card form: values, which errors to show (after a field is left or on submit,
 * re-checked while typing), the server's verdict next to its field, and the pay call.
 */
export function useCardForm(sessionId: string) {
  const [values, setValues] = useState<CardValues>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<PayProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const problems = cardFormProblems(values, new Date());
  /** The field's message: the server's verdict on it, else its own problem once shown. */
  const shown = (field: CardField): { key: string } | { text: string } | null => {
    if (server && server.field === field)
      return server.text ? { text: server.text } : { key: server.key ?? '' };
    const key = submitted || touched.has(field) ? problems[field] : null;
    return key ? { key } : null;
  };

  const set = (field: CardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (server && (server.field === field || server.field === 'form')) setServer(null);
  };
  const fill = (next: Partial<CardValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setServer(null);
  };
  const leave = (field: CardField) =>
    setTouched((s) => (s.has(field) ? s : new Set([...s, field])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const first = CARD_FIELDS.find((f) => problems[f]);
    if (first) {
      focus(first);
      return;
    }
    setServer(null);
    setBusy(true);
    try {
      const url = await payDemoCheckout(sessionId, {
        name: values.name.trim(),
        cardNumber: digitsOf(values.number),
        expiry: values.expiry,
        cvc: values.cvc,
      });
      window.location.assign(url);
    } catch (err) {
      setBusy(false);
      const problem = payProblemOf(err);
      setServer(problem);
      if (problem.field !== 'form') focus(problem.field);
    }
  };

  return {
    values,
    set,
    fill,
    leave,
    shown,
    submit,
    busy,
    formProblem: server?.field === 'form' ? server : null,
  };
}
