import { directoryDb } from '../db/client';
import { requestScope } from '../db/scope';
import { requestSource } from '../domain/event-source';
import { eventTypeCatalogue } from '../domain/event-types';
import { certificateOf, directoryFacts, eventWithCow } from '../inseminations/inseminations.queries';
import { INSEMINATION_MESSAGES } from '../inseminations/inseminations.schemas';
import { notFound, validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { bulkEventsRouter } from './bulk.index';
import * as certificateRoutes from './certificate.routes';
import { eventNotFound, eventsOfAnimal, findEvent, listEvents, nameRecorders, scheduleOfMonth } from './events.queries';
import * as routes from './events.routes';
import { EVENT_MESSAGES } from './events.schemas';
import { recordEvent, removeEvent, updateEvent } from './events.service';
import { recentInputsRouter } from './recent-inputs.index';

const eventRoutes = createRouter()
  .openapi(routes.eventTypes, (c) => c.json({ data: eventTypeCatalogue() }, 200))
  .openapi(routes.schedule, async (c) => {
    const data = await scheduleOfMonth(c.get('farmDb'), c.get('farmId'), c.req.valid('query').month);
    return c.json({ data }, 200);
  })
  .openapi(routes.listEvents, async (c) => {
    const data = await listEvents(c.get('farmDb'), c.get('farmId'), c.req.valid('query'));
    return c.json(
      { data: { ...data, results: await nameRecorders(directoryDb(c.env), c.get('memberNames'), data.results) } },
      200,
    );
  })
  .openapi(routes.eventsOfCattle, async (c) => {
    const results = await eventsOfAnimal(c.get('farmDb'), c.get('farmId'), c.req.valid('param').cattleId);
    if (!results) throw notFound(EVENT_MESSAGES.cattleNotFound, 'CATTLE_NOT_FOUND');
    return c.json({ data: { results: await nameRecorders(directoryDb(c.env), c.get('memberNames'), results) } }, 200);
  })
  .openapi(routes.createEvent, async (c) => {
    const source = requestSource(c.req.header('x-client'));
    const { event, animal } = await recordEvent(requestScope(c), c.req.valid('json'), source);
    return c.json({ data: event, animal }, 201);
  })
  .openapi(routes.getEvent, async (c) => {
    const event = await findEvent(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id);
    const [named] = await nameRecorders(directoryDb(c.env), c.get('memberNames'), [event]);
    return c.json({ data: named }, 200);
  })
  .openapi(routes.updateEvent, async (c) => {
    const { event, animal } = await updateEvent(requestScope(c), c.req.valid('param').id, c.req.valid('json'));
    const [named] = await nameRecorders(directoryDb(c.env), c.get('memberNames'), [event]);
    return c.json({ data: named, animal }, 200);
  })
  .openapi(routes.deleteEvent, async (c) => {
    await removeEvent(requestScope(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

/** GET /events/{id}/certificate: the AI certificate of an insemination (§21). */
const certificateRouter = createRouter().openapi(certificateRoutes.certificate, async (c) => {
  const scope = requestScope(c);
  const event = await eventWithCow(scope.db, scope.farmId, c.req.valid('param').id);
  if (!event) throw eventNotFound();
  if (event.eventType !== 'INSEMINATION') throw validationError(INSEMINATION_MESSAGES.notInsemination, 'eventType');
  const { farm, recorder } = await directoryFacts(c.env, scope.farmId, event.createdBy);
  return c.json({ data: certificateOf(event, farm, recorder) }, 200);
});

/** Everything under /events. The fixed paths come before `/{id}`, which would otherwise take them. */
export const eventsRouter = createRouter()
  .route('/recent-inputs', recentInputsRouter)
  .route('/bulk', bulkEventsRouter)
  .route('/', eventRoutes)
  .route('/', certificateRouter);
