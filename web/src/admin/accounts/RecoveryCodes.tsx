// The ten recovery codes, shown once, right after they are made: each signs in once when the phone
// is not at hand. Copied or downloaded as a text file, with the plain warning to keep them safe;
// "I have kept them" puts them away for good (the server keeps only their hashes).
import { useId } from 'react';
import { recoveryCodesText } from './accountWords.ts';
import { useCopy } from '../ui/CopyBox.tsx';

export function RecoveryCodes({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const id = useId();
  const text = recoveryCodesText(codes, window.location.host, username);
  const { copied, copy } = useCopy(text);
  return (
    <section className="admin-card admin-recovery-codes" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Your recovery codes</h3>
      <div className="admin-notice admin-notice-warning" role="note">
        <p>
          <strong>Keep these codes safe, and keep them now: they are shown only this once.</strong> If you
          lose your phone, each code lets you sign in one time instead of the code from your app. Print them
          or save them somewhere apart from your phone, such as a password manager. Anyone who has them and
          your password can sign in as you.
        </p>
      </div>
      <ol className="admin-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy the codes'}
        </button>
        <a
          className="admin-button"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`recovery-codes-${username}.txt`}
        >
          Download them as a text file
        </a>
        <button type="button" className="admin-button admin-button-primary" onClick={onDone}>
          I have kept them safe
        </button>
      </div>
      {copied === false && (
        <p className="admin-field-error" role="alert">
          Your browser did not allow copying: download them, or select them and copy them yourself.
        </p>
      )}
    </section>
  );
}
