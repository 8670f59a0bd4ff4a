import { directoryDb } from '../db/client';
import { requestScope } from '../db/scope';
import { requestSource } from '../domain/event-source';
import { eventTypeCatalogue } from '../domain/event-types';
import { notFound } from '../lib/errors';
import { createRouter } from '../lib/http';
import { eventsOfAnimal, findEvent, listEvents, nameRecorders, scheduleOfMonth } from './events.queries';
import * as routes from './events.routes';
import { EVENT_MESSAGES } from './events.schemas';
import { recordEvent, removeEvent, updateEvent } from './events.service';

export const eventsRouter = createRouter()
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
