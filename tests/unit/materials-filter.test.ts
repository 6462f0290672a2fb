import { describe, expect, it } from 'vitest';
import { filterMaterials } from '../../src/features/materials/lib/filter-materials.js';

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
