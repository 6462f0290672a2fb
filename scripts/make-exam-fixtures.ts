/**
 * Writes tests/fixtures/exam/zh-multi-select-paper.pdf: a small practice paper of our own
 * (issue 17) with single-choice and multiple-select (複選題) items, an item whose options begin
 * on the next page, an item whose option list the page break splits, a running header
 * (代號 / 頁次) on every page, and its answers at the end (「3. ABD」, 「4. A,C」).
 * `npx tsx scripts/make-exam-fixtures.ts` — run again only to change the paper; the PDF is
 * committed, so tests never depend on this script or its fonts.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { reportFontPaths } from '../api/export/fonts.js';

const out = path.resolve(import.meta.dirname, '../tests/fixtures/exam/zh-multi-select-paper.pdf');
const fonts = reportFontPaths();
const doc = new PDFDocument({
  size: 'A4',
  margins: { top: 70, bottom: 40, left: 60, right: 60 },
  autoFirstPage: false,
  // Fixed dates: the same script writes the same file.
  info: {
    Title: '115年 消防安全設備概要 複選題練習卷',
    CreationDate: new Date('2026-11-27T00:00:00Z'),
    ModDate: new Date('2026-11-27T00:00:00Z'),
  },
});
doc.pipe(createWriteStream(out));
doc.registerFont('body', fonts.regular);
doc.registerFont('bold', fonts.bold);

let pageNo = 0;
const PAGES = 3;
function newPage(): void {
  doc.addPage();
  pageNo++;
  doc.font('body').fontSize(9).fillColor('#333');
  doc.text('代號：90110', 60, 30, { lineBreak: false });
  doc.text(`頁次：${PAGES}－${pageNo}`, 470, 30, { lineBreak: false });
  doc.fillColor('#000').fontSize(12);
  doc.x = 60;
  doc.y = 70;
}
const line = (text: string, x = 60, gap = 6) => {
  doc.font('body').fontSize(12).text(text, x, doc.y, { width: 475 });
  doc.y += gap;
};
const heading = (text: string) => {
  // A larger size than the items: a paragraph of its own, as in printed papers.
  doc.font('bold').fontSize(16).text(text, 60, doc.y, { width: 475 });
  doc.y += 12;
};

newPage();
doc.font('bold').fontSize(15).text('115年 消防安全設備概要 練習卷', 60, doc.y, { align: 'center' });
doc.y += 6;
line('科目名稱：消防安全設備概要', 60, 12);
line('※注意：第1題至第2題為單選題；第3題至第5題為複選題，須選出所有正確選項，全部答對才給分。');
doc.y += 8;
heading('一、單選題');
line('1 室內消防栓箱內應備有下列何者？');
line('(A) 水帶及瞄子 (B) 緩降機 (C) 救助袋 (D) 排煙機', 80, 12);
line('2 火警受信總機應設於下列何處？');
line('(A) 屋頂水箱旁 (B) 值日室等經常有人之處所 (C) 地下室機房深處 (D) 頂樓樓梯間', 80, 12);
heading('二、複選題');
line('3 下列何者屬於避難器具？');
line('(A) 緩降機', 80, 2);
line('(B) 救助袋', 80, 2);
line('(C) 撒水頭', 80, 2);
line('(D) 避難梯', 80, 12);
// Item 4's stem closes page 1; its options open page 2.
doc.y = 770;
line('4 下列哪些設備屬於警報設備？');

newPage();
line('(A) 火警自動警報設備', 80, 2);
line('(B) 室內消防栓設備', 80, 2);
line('(C) 緊急廣播設備', 80, 2);
line('(D) 連結送水管', 80, 12);
line('5 關於滅火器的設置與維護，下列敘述哪些正確？');
// Item 5's option list is split by the page break: (A) and (B) here, (C) and (D) on page 3.
doc.y = 740;
line('(A) 應設於明顯且便於取用之處', 80, 2);
line('(B) 每具滅火器應定期檢查', 80, 2);

newPage();
line('(C) 滅火器可放在上鎖的櫃子裡', 80, 2);
line('(D) 藥劑過期應更換', 80, 16);
heading('答案');
line('1. A 2. B 3. ABD 4. A,C 5. A,B,D');
doc.end();
console.log(`wrote ${path.relative(process.cwd(), out)}`);
