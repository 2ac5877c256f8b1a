import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { deferredFetch, jsonResponse, sentBody, stubFetch } from '../../test/fetch-mock';

const input = () => screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
const submit = () =>
  screen.getByRole('button', { name: /S'abonner|Abonnement…/ }) as HTMLButtonElement;

describe('newsletter box', () => {
  it('does nothing while the address is empty', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { message: 'ok' })));
    const { user } = await renderApp('/');
    expect(input().type).toBe('email');
    await user.click(submit());
    await user.type(input(), '   ');
    await user.click(submit());
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("subscribes, shows « Abonnement… », then the server's message and clears the box", async () => {
    const { mock, respond } = deferredFetch();
    const { user } = await renderApp('/');
    await user.type(input(), 'ama@exemple.tg');
    await user.click(submit());

    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(submit().textContent).toBe('Abonnement…');
    expect(submit().disabled).toBe(true);
    expect(mock.mock.calls[0]?.[0]).toBe('/api/newsletter-subscribe');
    expect(sentBody(mock)).toEqual({ email: 'ama@exemple.tg', website: '' });

    respond(
      jsonResponse(200, { message: 'Merci ! Votre abonnement à la newsletter est confirmé.' }),
    );
    expect(
      await screen.findByText('Merci ! Votre abonnement à la newsletter est confirmé.'),
    ).toBeTruthy();
    await waitFor(() => expect(input().value).toBe(''));
    expect(submit().textContent).toBe("S'abonner");
  });

  it('falls back to « Abonnement réussi ! » when the answer carries no message', async () => {
    stubFetch(() => Promise.resolve(new Response(null, { status: 200 })));
    const { user } = await renderApp('/');
    await user.type(input(), 'ama@exemple.tg');
    await user.click(submit());

    expect(await screen.findByText('Abonnement réussi !')).toBeTruthy();
  });

  it("shows the server's message on a refusal, else the generic failure", async () => {
    const fetchMock = stubFetch(() =>
      Promise.resolve(
        jsonResponse(400, {
          message: "L'adresse e-mail n'est pas valide.",
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'email', message: "L'adresse e-mail n'est pas valide." }],
        }),
      ),
    );
    const { user } = await renderApp('/');
    await user.type(input(), 'ama@exemple.tg');
    await user.click(submit());
    expect(await screen.findByText("L'adresse e-mail n'est pas valide.")).toBeTruthy();
    expect(input().value).toBe('ama@exemple.tg');

    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 500 })));
    await user.click(submit());
    expect(await screen.findByText("L'abonnement a échoué. Veuillez réessayer.")).toBeTruthy();
  });

  it('tells the reader when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderApp('/');
    await user.type(input(), 'ama@exemple.tg');
    await user.click(submit());

    expect(
      await screen.findByText("Une erreur s'est produite. Veuillez réessayer plus tard."),
    ).toBeTruthy();
  });
});
