import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { bodiesSentTo, routeFetch } from '../../test/api-routes';
import { storeSession } from '../../test/session';
import { changeLanguage } from '../../i18n';
import { localToday } from './birth-date';
import { STUDENT, STUDENT_ID, STUDENT_URL, studentRoutes } from './student-fixtures';

/** `years` years before today, shifted by `days` (the reader's calendar). */
function yearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + days);
  return localToday(date);
}

async function openPage(birthDate: string | null, extra = {}) {
  storeSession();
  const fetchMock = routeFetch(
    studentRoutes({
      [`GET /api/students/${STUDENT_ID}`]: () => ({ ...STUDENT, birthDate }),
      ...extra,
    }),
  );
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 10_000 });
  return { ...view, fetchMock };
}

describe('the student’s birth date', () => {
  it('shows the date in words and the age, counted from the last birthday', async () => {
    await openPage('2014-05-12');
    const term = screen.getByText('Date de naissance :');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toMatch(/^12 mai 2014 \(\d+ ans\)$/);
    expect(screen.getByText('12 mai 2014').getAttribute('datetime')).toBe('2014-05-12');
  });

  it('says 12 ans on the 12th birthday and 11 ans the day before', async () => {
    const { unmount } = await openPage(yearsAgo(12));
    expect(screen.getByTestId('student-age').textContent).toBe('(12 ans)');
    unmount();
    await openPage(yearsAgo(12, 1));
    expect(screen.getByTestId('student-age').textContent).toBe('(11 ans)');
  });

  it('says when it is unknown, and reads in English', async () => {
    const { unmount } = await openPage(null);
    expect(screen.getByText('Date de naissance inconnue')).toBeTruthy();
    unmount();
    await changeLanguage('en');
    await openPage(yearsAgo(1));
    expect(screen.getByText('Date of birth:')).toBeTruthy();
    expect(screen.getByTestId('student-age').textContent).toBe('(1 year old)');
  });

  it('« Modifier » has a labelled, optional date field up to today, sent with the PATCH', async () => {
    const { user, fetchMock } = await openPage('2014-05-12', {
      [`PATCH /api/students/${STUDENT_ID}`]: () => ({ ...STUDENT, birthDate: '2014-06-12' }),
    });
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier Kofi Mensah' });
    const field = within(dialog).getByLabelText('Date de naissance') as HTMLInputElement;
    expect(field.type).toBe('date');
    expect(field.value).toBe('2014-05-12');
    expect(field.max).toBe(localToday());
    expect(field.min).toBe('1900-01-01');
    expect(field.required).toBe(false);
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Facultatif ; sert aux âges des statistiques.')).toBeTruthy();

    // A day after today is refused in the browser with the contract's message.
    fireEvent.change(field, { target: { value: yearsAgo(-1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('La date de naissance ne peut pas être dans le futur.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/students/${STUDENT_ID}`)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '2014-06-12' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Étudiant modifié')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/students/${STUDENT_ID}`)).toEqual([
      expect.objectContaining({ fullName: 'Kofi Mensah', birthDate: '2014-06-12' }),
    ]);
  });
});
