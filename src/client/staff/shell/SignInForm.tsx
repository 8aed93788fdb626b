import { useState, type FormEvent } from 'react';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { formText } from '../ui/format.js';

export interface SignInFormProps {
  onSubmit: (email: string, password: string) => Promise<void>;
  error?: string;
}

export function SignInForm({ onSubmit, error }: SignInFormProps) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await onSubmit(formText(data, 'email'), formText(data, 'password'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="staff-card staff-sign-in" onSubmit={(event) => void submit(event)} noValidate>
      <h1>{faConsole.staff.signIn}</h1>
      <label>
        {faConsole.staff.email}
        <input name="email" type="email" dir="ltr" autoComplete="username" required />
      </label>
      <label>
        {faConsole.staff.password}
        <input name="password" type="password" dir="ltr" autoComplete="current-password" required />
      </label>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="staff-primary" disabled={busy}>
        {faConsole.staff.signIn}
      </button>
    </form>
  );
}
