import type { ReactNode } from 'react';
import { LineIcon } from './line-icon';
import './cited-explanation.css';

export interface CitedExplanationProps {
  explanation?: string;
  /** The passage of the learner's material the answer comes from. */
  quote?: string;
  /** The line under the quote ("來源：第 3 頁" / "Source: page 3"), already translated. */
  source?: string;
  concepts: readonly string[];
  labels: { explanation: string; concepts: string };
  /** How one concept is shown inside its list item (a plain chip unless given). */
  renderConcept?: (concept: string) => ReactNode;
}

/**
 * Why an answer is right, as the report and the review reveal both show it: the explanation,
 * the cited quote with its page or slide, and the related concepts. Parts that are missing
 * are left out; nothing at all renders nothing.
 */
export function CitedExplanation({
  explanation,
  quote,
  source,
  concepts,
  labels,
  renderConcept,
}: CitedExplanationProps) {
  if (!explanation && !quote && concepts.length === 0) return null;
  return (
    <div className="result-explain">
      {explanation && (
        <>
          <h3 className="result-explain__title">{labels.explanation}</h3>
          <p className="result-explain__text">{explanation}</p>
        </>
      )}
      {quote && (
        <figure className="result-quote">
          <blockquote className="result-quote__text">
            <LineIcon
              className="result-quote__icon"
              size={18}
              d="M10 11H6a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v5c0 2.5-1.5 4-4 5m13-6h-4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v5c0 2.5-1.5 4-4 5"
            />
            <p>{quote}</p>
          </blockquote>
          {source && <figcaption className="result-quote__source">{source}</figcaption>}
        </figure>
      )}
      {concepts.length > 0 && (
        <>
          <h3 className="result-explain__title">{labels.concepts}</h3>
          <ul className="concept-chips">
            {concepts.map((c) =>
              renderConcept ? (
                <li key={c}>{renderConcept(c)}</li>
              ) : (
                <li key={c} className="concept-chip">
                  {c}
                </li>
              ),
            )}
          </ul>
        </>
      )}
    </div>
  );
}
