import { LegalDocument } from './legal-document';

const SECTIONS = [
  'data-collection',
  'data-usage',
  'data-security',
  'data-sharing',
  'ai-use',
  'third-parties',
  'your-rights',
  'policy-updates',
  'contact',
] as const;

/** /privacy-policy */
export default function PrivacyPage() {
  return <LegalDocument doc="privacy" sectionIds={SECTIONS} />;
}
