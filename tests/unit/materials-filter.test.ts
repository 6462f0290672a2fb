import { describe, expect, it } from 'vitest';
import { filterMaterials } from '../../src/features/materials/lib/filter-materials.js';
import { loadVariantFold } from '../../src/features/materials/lib/variant-fold.js';

const materials = [
  {
    id: '1',
    title: '細胞生物學 第三章',
    name: '細胞生物學 第三章',
    description: '粒線體與細胞呼吸',
  },
  {
    id: '2',
    title: 'AI Safety column',
    name: 'en_audrey_tang.md',
    description: 'Opening up AI safety',
  },
  { id: '3', title: '', name: 'Trustee Handbook', description: null },
];

describe('filterMaterials (over title, name and description)', () => {
  it('keeps everything, in order, for an empty or blank query', () => {
    expect(filterMaterials(materials, '').map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(filterMaterials(materials, '   ').map((m) => m.id)).toEqual(['1', '2', '3']);
  });

  it('matches the title, the name and the description, ignoring case', () => {
    expect(filterMaterials(materials, '第三章').map((m) => m.id)).toEqual(['1']);
    expect(filterMaterials(materials, 'audrey').map((m) => m.id)).toEqual(['2']);
    expect(filterMaterials(materials, '細胞呼吸').map((m) => m.id)).toEqual(['1']);
    expect(filterMaterials(materials, 'HANDBOOK').map((m) => m.id)).toEqual(['3']);
  });

  it('needs every word of the query, in any field', () => {
    expect(filterMaterials(materials, 'safety opening').map((m) => m.id)).toEqual(['2']);
    expect(filterMaterials(materials, 'safety 細胞')).toEqual([]);
  });

  it('treats full-width and half-width letters alike', () => {
    expect(filterMaterials(materials, 'ＡＩ').map((m) => m.id)).toEqual(['2']);
  });

  it('does not change the list it was given', () => {
    const copy = [...materials];
    filterMaterials(materials, 'ai');
    expect(materials).toEqual(copy);
  });
});

describe('filterMaterials with the variant fold (as the server searches)', () => {
  const places = [
    { id: 'a', title: '臺北市行事曆', name: 'calendar.csv', description: '' },
    { id: 'b', title: 'Lunch list', name: 'lunch.csv', description: '台北 office' },
    { id: 'c', title: '高雄', name: 'k.txt', description: '裡面的平台' },
  ];

  it('finds 臺北 for 台北 and the reverse, and 裏/裡, 平臺/平台', async () => {
    const fold = await loadVariantFold();
    const ids = (q: string) => filterMaterials(places, q, fold).map((m) => m.id);
    expect(ids('台北')).toEqual(['a', 'b']);
    expect(ids('臺北')).toEqual(['a', 'b']);
    expect(ids('裏面 平臺')).toEqual(['c']);
    expect(ids('台湾')).toEqual([]);
  });

  it('without the dictionaries still ignores case and width', () => {
    expect(filterMaterials(places, 'ＬＵＮＣＨ').map((m) => m.id)).toEqual(['b']);
  });
});
