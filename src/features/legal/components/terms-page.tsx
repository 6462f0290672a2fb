import { LegalDocument } from './legal-document';

const SECTIONS = [
  'service',
  'account',
  'subscription',
  'content',
  'prohibited',
  'disclaimer',
  'liability',
  'changes',
  'termination',
  'contact',
] as const;

/** /terms-of-service */
export default function TermsPage() {
  return <LegalDocument doc="terms" sectionIds={SECTIONS} />;
}
