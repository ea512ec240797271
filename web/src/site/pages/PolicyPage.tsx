// The policy page (spec §2): the policy text, then a card per state policy with its mark:
// 1 check (Implemented), 2 unsure (In Progress), 3 X (Not Implemented).
import type { PolicyText, StatePolicy } from '../../lib/types.ts';
import { useApi } from '../../lib/useApi.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { plainText } from '../../../../server/schema/site/plainText.ts';
import { Markdown } from '../../markdown/MarkdownHtml.tsx';
import { Loadable } from '../components/Loadable.tsx';
import { EditLink } from '../components/EditLink.tsx';
import { useWords } from '../words/useWords.ts';
import { langAttr, useSiteLanguage } from '../language/siteLanguage.tsx';

type Implementation = StatePolicy['implementation'];

/** Each mark: its words (the dictionary's key), symbol and style. */
export const IMPLEMENTATION: Record<
  Implementation,
  { label: 'implemented' | 'inProgress' | 'notImplemented'; symbol: string; className: string }
> = {
  implemented: { label: 'implemented', symbol: '✓', className: 'mark-implemented' },
  'in-progress': { label: 'inProgress', symbol: '?', className: 'mark-in-progress' },
  'not-implemented': { label: 'notImplemented', symbol: '✗', className: 'mark-not-implemented' },
};

export function ImplementationMark({ code }: { code: Implementation }) {
  const words = useWords();
  const mark = IMPLEMENTATION[code] ?? IMPLEMENTATION['in-progress'];
  return (
    <span className={`mark ${mark.className}`}>
      <span className="mark-symbol" aria-hidden="true">
        {mark.symbol}
      </span>
      <span className="mark-label">{words[mark.label]}</span>
    </span>
  );
}

export function PolicyPage() {
  const text = useApi<PolicyText>('policy_update.php');
  const words = useWords();
  const lang = useSiteLanguage();
  usePageTitle(words.policy, { description: plainText(text.data?.policyText) });
  const policies = useApi<StatePolicy[]>('state_policies.php');
  return (
    <div className="container page policy-page">
      <h1>{words.policyHeading}</h1>
      <Loadable
        state={text}
        what={words.what.policyText}
        logMessage="Error fetching policy text"
        fallback={words.loading}
      >
        {(t) => (
          <div {...langAttr(t, lang)}>
            <EditLink entity="policyText" what="policy text" />
            <Markdown className="policy-text" headingsFrom={2}>
              {t.policyText}
            </Markdown>
          </div>
        )}
      </Loadable>
      <section aria-labelledby="state-policies-heading">
        <h2 id="state-policies-heading">{words.statePolicies}</h2>
        <ul className="mark-legend" aria-label={words.marksMeaning}>
          {(Object.keys(IMPLEMENTATION) as Implementation[]).map((code) => (
            <li key={code}>
              <ImplementationMark code={code} />
            </li>
          ))}
        </ul>
        <Loadable
          state={policies}
          what={words.what.statePolicies}
          logMessage="Error retrieving state policies"
          fallback={words.loading}
        >
          {(list) =>
            list.length ? (
              <ul className="policy-grid">
                {list.map((p) => (
                  <li key={p.id} className="policy-card" {...langAttr(p, lang)}>
                    <h3>{p.title}</h3>
                    <EditLink entity="statePolicies" id={p.id} what={`state policy “${p.title}”`} />
                    <ImplementationMark code={p.implementation} />
                    <Markdown headingsFrom={4}>{p.text}</Markdown>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{words.noStatePolicies}</p>
            )
          }
        </Loadable>
      </section>
    </div>
  );
}
