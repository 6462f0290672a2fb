/**
 * Hold-out documents of docs/quiz-holdout.md: suites that run a quiz generator or the exam
 * parser over a corpus folder skip these, so nothing is tuned on them before they are measured.
 */
export const QUIZ_HOLDOUT = new Set([
  'textbook/en_ims_ch02_data_design.md',
  'transcripts/en_digital_democracy_lse_speech.md',
  'docx/en_doj_chapter13_trustee_handbook_ch1.docx',
  'pptx/en_nih_government_university_identity_mgmt.pptx',
  'ppt/en_nih_government_university_identity_mgmt.ppt',
  'xlsx/en_stanley_cups_two_sheets.xlsx',
  'md/en_audrey_tang_2025_ai_safety_column.md',
  'transcripts/zh_education_108_curriculum.md',
  'transcripts/zh_open_government_coa_talk.md',
  'md/zh_audrey_tang_2025_ai_safety_column.md',
]);

export const EXAM_HOLDOUT_PAPERS = new Set(['107_501_0902', '110_402_0809']);

/** True for a corpus-relative path (e.g. 'md/x.md' or 'exams/110_402_0809_Q.pdf') held out. */
export function isHeldOut(relativePath: string): boolean {
  if (QUIZ_HOLDOUT.has(relativePath)) return true;
  const paper = /(\d{3}_\d{3}_\d{4})_[QSM]\.pdf$/.exec(relativePath)?.[1];
  return paper !== undefined && EXAM_HOLDOUT_PAPERS.has(paper);
}
