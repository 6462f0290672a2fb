import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useBack } from '../hooks/use-back';
import { useSectionLinks } from '../hooks/use-section-links';
import { CONTACT_EMAIL, LAST_UPDATED } from '../legal-config';
import './legal.css';
import { LineIcon } from '../../../components/ui/line-icon';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePageMeta } from '../../../lib/use-page-meta';

/** A paragraph, or (as an array) a bulleted list. */
type Block = string | string[];
interface Section {
  title: string;
  body: Block[];
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) =>
        Array.isArray(block) ? (
          <ul key={i}>
            {block.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block}</p>
        ),
      )}
    </>
  );
}

const BackIcon = () => <LineIcon d="M15 5l-7 7 7 7" />;

/**
 * A legal text from legal.json: title, last-updated date, table of contents with anchors, the
 * sections in order, and a contact mailto. Section ids are stable so links can point at them.
 */
export function LegalDocument({
  doc,
  sectionIds,
}: {
  doc: 'privacy' | 'terms';
  sectionIds: readonly string[];
}) {
  const { t } = useTranslation('legal');
  const back = useBack();
  const sectionLink = useSectionLinks();
  useDocumentTitle(t(`${doc}.title`));
  usePageMeta(t(`${doc}.description`));
  const intro = t(`${doc}.intro`, { returnObjects: true }) as unknown as string[];
  const sections = sectionIds.map((id) => ({
    id,
    ...(t(`${doc}.sections.${id}`, { returnObjects: true }) as unknown as Section),
  }));
  const mailto = (
    <a className="legal__mail" href={`mailto:${CONTACT_EMAIL}`}>
      {CONTACT_EMAIL}
    </a>
  );

  return (
    <div className="legal">
      <div className="legal__top">
        <Button variant="ghost" size="sm" onClick={back} className="legal__back">
          <BackIcon />
          {t('common.back', { ns: 'common' })}
        </Button>
      </div>
      <div className="legal__header">
        <h1 className="legal__title">{t(`${doc}.title`)}</h1>
        <p className="legal__updated">{t('lastUpdated', { date: LAST_UPDATED })}</p>
      </div>

      <div className="legal__layout">
        <nav className="legal__toc" aria-labelledby={`${doc}-toc`}>
          <h2 id={`${doc}-toc`} className="legal__toc-title">
            {t('toc')}
          </h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={sectionLink(s.id)}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="legal__body">
          {intro.map((p, i) => (
            <p key={i} className="legal__intro">
              {p}
            </p>
          ))}
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`} tabIndex={-1}>
                <span className="legal__num">{i + 1}.</span> {s.title}
              </h2>
              <Blocks blocks={s.body} />
              {s.id === 'contact' && <p>{mailto}</p>}
            </section>
          ))}

          <aside className="legal__contact" aria-labelledby={`${doc}-contact-title`}>
            <h2 id={`${doc}-contact-title`}>{t('contactTitle')}</h2>
            <p>
              {t('contactBody')} {mailto}
            </p>
            <Button variant="secondary" onClick={back}>
              <BackIcon />
              {t('common.back', { ns: 'common' })}
            </Button>
          </aside>
        </article>
      </div>
    </div>
  );
}
