// The read model's answers (typed items) encoded for the reader: the documented endpoints' wire
// shape, or the typed shape of the project's own web app (`?shape=typed`, page data, the admin),
// with media inline (base64, as documented) or as addresses (`?media=url`).
import type { EntityDef } from '../../schema/define.ts';
import type { StoredItem } from '../../schema/storedItem.ts';
import type {
  MediaEncoder,
  MediaMode,
  ReadAnswer,
  ReadEndpoint,
  ReadModel,
} from '../../content/readModel/readModel.ts';
import { encodeItem, type Shape } from './wire.ts';

export interface ReadContext {
  signedIn: boolean;
  media: MediaMode;
  shape?: Shape;
}

/** An answer in the shape asked for, its media made by `media`. */
export function encodeAnswer(answer: ReadAnswer, media: MediaEncoder, shape?: Shape): unknown {
  switch (answer.kind) {
    case 'list':
      return answer.items.map((item) => encodeItem(answer.def, item, media, shape));
    case 'item':
      return encodeItem(answer.def, answer.item, media, shape);
    case 'page': {
      const { def, items, page, pages, total } = answer;
      return { items: items.map((item) => encodeItem(def, item, media, shape)), page, pages, total };
    }
    case 'pictures':
      return answer.paths.map((path) => media(path, 'image') ?? '');
    case 'paths':
      return answer.paths;
  }
}

/** What an endpoint of `model` answers this reader. */
export const readAnswer = (model: ReadModel, endpoint: ReadEndpoint, ctx: ReadContext): unknown =>
  encodeAnswer(endpoint.read(ctx.signedIn), model.encoder(ctx.media), ctx.shape);

/** One item by id (`?id=`), if it exists and this reader may see it. */
export function oneItem(
  model: ReadModel,
  def: EntityDef,
  id: string,
  ctx: ReadContext,
): Record<string, unknown> | undefined {
  const item = model.storedItem(def, id, ctx.signedIn);
  return item && encodeItem(def, item, model.encoder(ctx.media), ctx.shape);
}

/** One item as a write or restore answers it (and the admin's lists: `'url'`, `'typed'`). */
export const itemAnswer = (
  model: ReadModel,
  def: EntityDef,
  item: StoredItem,
  media: MediaMode = 'url',
  shape?: Shape,
): Record<string, unknown> => encodeItem(def, item, model.encoder(media), shape);
