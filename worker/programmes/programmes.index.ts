import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { getProgramme, listProgrammes, programmeEligibility } from './programmes.queries';
import * as routes from './programmes.routes';
import { PROGRAMME_API_MESSAGES } from './programmes.schemas';
import { cancelEnrolment, createProgramme, deleteProgramme, enrol, updateProgramme } from './programmes.service';

export const programmesRouter = createRouter()
  .openapi(routes.listProgrammes, async (c) => {
    return c.json({ data: await listProgrammes(c.get('farmDb'), c.get('farmId')) }, 200);
  })
  .openapi(routes.getProgramme, async (c) => {
    return c.json({ data: await getProgramme(c.get('farmDb'), c.get('farmId'), c.req.valid('param').id) }, 200);
  })
  .openapi(routes.createProgramme, async (c) => {
    return c.json({ data: await createProgramme(requestScope(c), c.req.valid('json')) }, 201);
  })
  .openapi(routes.updateProgramme, async (c) => {
    const data = await updateProgramme(requestScope(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data }, 200);
  })
  .openapi(routes.deleteProgramme, async (c) => {
    await deleteProgramme(requestScope(c), c.req.valid('param').id);
    return c.json({ success: true as const, message: PROGRAMME_API_MESSAGES.deleted }, 200);
  })
  .openapi(routes.eligibility, async (c) => {
    const { id } = c.req.valid('param');
    const data = await programmeEligibility(c.get('farmDb'), c.get('farmId'), id, c.req.valid('query').startDate);
    return c.json({ data }, 200);
  })
  .openapi(routes.enrol, async (c) => {
    const data = await enrol(requestScope(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ data }, 201);
  });

export const enrolmentsRouter = createRouter().openapi(routes.cancelEnrolment, async (c) => {
  await cancelEnrolment(requestScope(c), c.req.valid('param').id);
  return c.json({ success: true as const, message: PROGRAMME_API_MESSAGES.enrolmentCancelled }, 200);
});
