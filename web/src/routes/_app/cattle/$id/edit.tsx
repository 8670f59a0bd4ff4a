import { createFileRoute } from '@tanstack/react-router';
import { cattleDetailQuery } from '../../../../api/cattle';
import { CattleEditPage } from '../../../../features/cattle/cattle-edit-page';
import { animalId } from './-animal-id';

export const Route = createFileRoute('/_app/cattle/$id/edit')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(cattleDetailQuery(animalId(params.id))),
  component: EditScreen,
});

function EditScreen() {
  return <CattleEditPage id={animalId(Route.useParams().id)} />;
}
