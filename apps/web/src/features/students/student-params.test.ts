import { describe, expect, it } from 'vitest';
import {
  panelFilterCount,
  readStudentParams,
  studentParamsPatch,
  studentSearchParams,
} from './student-params';
import type { StudentListParams } from './student-params';
import { studentListPath, studentQuery } from './students.api';

const PROGRAMME = '1a2b3c4d-0000-4a00-8a00-000000000001';
const LEVEL = '1a2b3c4d-0000-4a00-8a00-000000000011';
const YEAR = '2b3c4d5e-0000-4b00-8b00-000000000001';

const PLAIN: StudentListParams = {
  search: '',
  status: null,
  programmeId: null,
  levelId: null,
  yearId: null,
  balance: null,
  page: 1,
  pageSize: 4,
};

describe('students address', () => {
  it('reads search, status, filters, page and page size', () => {
    expect(
      readStudentParams(
        new URLSearchParams(
          `q=+kossi+&statut=suspendu&programme=${PROGRAMME}&niveau=${LEVEL}&annee=${YEAR}&solde=retard&page=3&taille=25`,
        ),
      ),
    ).toEqual({
      search: 'kossi',
      status: 'suspended',
      programmeId: PROGRAMME,
      levelId: LEVEL,
      yearId: YEAR,
      balance: 'overdue',
      page: 3,
      pageSize: 25,
    });
  });

  it('ignores what it does not know: 4 rows, page 1, no filter', () => {
    expect(
      readStudentParams(
        new URLSearchParams('statut=active&programme=x&annee=2026&solde=tout&page=-2&taille=20'),
      ),
    ).toEqual(PLAIN);
    // A level without its programme is no filter either.
    expect(readStudentParams(new URLSearchParams(`niveau=${LEVEL}`)).levelId).toBeNull();
  });

  it('round-trips: what is written is read back the same', () => {
    const states: StudentListParams[] = [
      PLAIN,
      { ...PLAIN, search: 'Adjo', status: 'pending', page: 2 },
      {
        search: 'été',
        status: 'active',
        programmeId: PROGRAMME,
        levelId: LEVEL,
        yearId: YEAR,
        balance: 'clear',
        page: 7,
        pageSize: 50,
      },
    ];
    for (const state of states) {
      expect(readStudentParams(studentSearchParams(state))).toEqual(state);
    }
  });

  it('leaves defaults out of the address', () => {
    expect(studentSearchParams(PLAIN).toString()).toBe('');
    expect(
      studentSearchParams({
        ...PLAIN,
        status: 'suspended',
        balance: 'due',
        pageSize: 10,
      }).toString(),
    ).toBe('statut=suspendu&solde=du&taille=10');
    expect(studentParamsPatch({ page: 1, pageSize: 4 })).toEqual({ page: null, taille: null });
    expect(studentParamsPatch({ status: null })).toEqual({ statut: null });
  });

  it('counts the panel filters on', () => {
    expect(panelFilterCount(PLAIN)).toBe(0);
    expect(panelFilterCount({ ...PLAIN, search: 'x', status: 'active' })).toBe(0);
    expect(panelFilterCount({ ...PLAIN, programmeId: PROGRAMME, balance: 'due' })).toBe(2);
  });
});

describe('students API query', () => {
  it('sends the filters under the API names, empty ones left out', () => {
    expect(studentListPath(PLAIN)).toBe('/api/students?page=1&pageSize=4');
    expect(
      studentQuery(
        { search: 'kossi', status: 'active', programmeId: PROGRAMME, balance: 'overdue' },
        { format: 'csv' },
      ),
    ).toBe(`?format=csv&search=kossi&status=active&programmeId=${PROGRAMME}&balance=overdue`);
  });
});
