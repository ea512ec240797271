// Starting a draft from a title box: the title checked, the draft made, then `onMade` with its id
// (the Drafts page opens it; a contributor's notice switches the page into it).
import { useState, type FormEvent } from 'react';
import { messageOf } from '../api.ts';
import { createDraft } from './draftsApi.ts';

export function useStartDraft(onMade: (id: string) => void | Promise<void>) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!title.trim()) {
      setError('Give the draft a title.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onMade((await createDraft(title.trim())).id);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return { title, setTitle, error, busy, start };
}
