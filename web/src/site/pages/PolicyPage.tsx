// The policy page (spec §2): the policy text, then a card per state policy with its mark:
// 1 check (Implemented), 2 unsure (In Progress), 3 X (Not Implemented).
import type { PolicyText, StatePolicy } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { EditLink } from '../components/EditLink.tsx';

type Implementation = StatePolicy['implementation'];

export const IMPLEMENTATION: Record<Implementation, { label: string; symbol: string; className: string }> = {
  implemented: { label: 'Implemented', symbol: '✓', className: 'mark-implemented' },
  'in-progress': { label: 'In Progress', symbol: '?', className: 'mark-in-progress' },
  'not-implemented': { label: 'Not Implemented', symbol: '✗', className: 'mark-not-implemented' },
};

export function ImplementationMark({ code }: { code: Implementation }) {
  const mark = IMPLEMENTATION[code] ?? IMPLEMENTATION['in-progress'];
  return (
    <span className={`mark ${mark.className}`}>
      <span className="mark-symbol" aria-hidden="true">
        {mark.symbol}
      </span>
      <span className="mark-label">{mark.label}</span>
    </span>
  );
}

export function PolicyPage() {
  const text = useApi<PolicyText>('policy_update.php');
  usePageTitle('Policy', { description: plainText(text.data?.policyText) });
  const policies = useApi<StatePolicy[]>('state_policies.php');
  return (
    <div className="container page policy-page">
      <h1>Computer Science Education Policy</h1>
      <Loadable
        state={text}
        what="the policy text"
        logMessage="Error fetching policy text"
        fallback="Loading…"
      >
        {(t) => (
          <>
            <EditLink entity="policyText" what="policy text" />
            <Markdown className="policy-text" headingsFrom={2}>
              {t.policyText}
            </Markdown>
          </>
        )}
      </Loadable>
      <section aria-labelledby="state-policies-heading">
        <h2 id="state-policies-heading">State Policies</h2>
        <ul className="mark-legend" aria-label="What the marks mean">
          {(Object.keys(IMPLEMENTATION) as Implementation[]).map((code) => (
            <li key={code}>
              <ImplementationMark code={code} />
            </li>
          ))}
        </ul>
        <Loadable
          state={policies}
          what="the state policies"
          logMessage="Error retrieving state policies"
          fallback="Loading…"
        >
          {(list) =>
            list.length ? (
              <ul className="policy-grid">
                {list.map((p) => (
                  <li key={p.id} className="policy-card">
                    <h3>{p.title}</h3>
                    <EditLink entity="statePolicies" id={p.id} what={`state policy “${p.title}”`} />
                    <ImplementationMark code={p.implementation} />
                    <Markdown headingsFrom={4}>{p.text}</Markdown>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No state policies yet.</p>
            )
          }
        </Loadable>
      </section>
    </div>
  );
}
