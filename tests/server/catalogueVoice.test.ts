// One voice: the plan cards speak as usted in Spanish, also in a database seeded before the
// change: a start rewords the card lines still in the retired tú wording and leaves an admin's own lines alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { seedCatalogue } from '../../src/server/seed';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedCatalogue(t.database);
});
afterAll(async () => t?.close());

type Card = { id: string; content: Array<{ title: string; subtitle: string[] }> };
const spanishCards = async (): Promise<Card[]> => (await t.app.inject({ method: 'GET', url: '/api/payments/catalogue?lang=es' })).json().subscriptionCards;
const lines = (cards: Card[], id: string) => cards.find((card) => card.id === id)!.content.flatMap((content) => content.subtitle);

describe('plan cards in Spanish', () => {
  it('say su and usted on a new database', async () => {
    expect(lines(await spanishCards(), 'basic-year')).toContain('Su evolución, nominal y real');
    expect(lines(await spanishCards(), 'corporate')).toEqual([
      'Búsquedas ilimitadas (sin créditos)',
      'Usuarios para toda su empresa',
      'Precio a medida: nos pondremos en contacto con usted',
    ]);
  });

  it('are reworded at start where a stored card still says tú, and keep a line an admin wrote', async () => {
    const firstWording = {
      es: {
        name: 'Plan corporativo',
        content: [{ title: 'Corporativo', subtitle: ['Soporte a medida', 'Usuarios para toda tu empresa', 'Precio a medida: te contactamos'] }],
      },
      en: { name: 'Corporate plan', content: [{ title: 'Corporate', subtitle: ['Unlimited searches (no credits)'] }] },
    };
    await t.database.execute(`update catalogue_items set texts = $1 where id = 'corporate'`, [JSON.stringify(firstWording)]);
    expect(lines(await spanishCards(), 'corporate')).toContain('Usuarios para toda tu empresa');

    await seedCatalogue(t.database);
    expect(lines(await spanishCards(), 'corporate')).toEqual([
      'Soporte a medida',
      'Usuarios para toda su empresa',
      'Precio a medida: nos pondremos en contacto con usted',
    ]);
  });
});
