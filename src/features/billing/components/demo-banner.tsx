import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { InfoIcon } from './billing-icons';

/** Says plainly, at the top, that this checkout or portal is a demo and no money moves. */
export function DemoBanner({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('billing');
  return (
    <section className="demo-banner" aria-labelledby="demo-banner-title">
      <span className="demo-banner__icon">
        <InfoIcon size={24} />
      </span>
      <div>
        <h2 id="demo-banner-title" className="demo-banner__title">
          <Badge tone="warning">{t('demo.badge')}</Badge>
          {title}
        </h2>
        <p className="demo-banner__body">{body}</p>
      </div>
    </section>
  );
}
