// Each draft's view of the site (the live index with the draft's files merged over it), made for the
// draft's last commit and the live site as it was then, and dropped when either moves.
import type { GitStore } from '../store/gitStore.ts';
import type { ContentIndex } from '../content/index/contentIndex.ts';
import { DraftView, draftFiles } from '../content/drafts/draftView.ts';

export class DraftViews {
  private readonly views = new Map<string, { key: string; view: DraftView }>();
  private liveGeneration = 0;

  constructor(
    private readonly store: GitStore,
    private readonly index: ContentIndex,
  ) {}

  /** The view of draft `id` at its commit `tip`, begun on `base`. */
  async at(id: string, base: string, tip: string): Promise<DraftView> {
    const generation = this.liveGeneration;
    const key = this.key(tip);
    const hit = this.views.get(id);
    if (hit?.key === key) return hit.view;
    const files = await draftFiles(this.store, this.index, { id, base, tip });
    const view = new DraftView(this.index, files);
    // Kept only if the live site did not change while it was being made.
    if (this.liveGeneration === generation) this.views.set(id, { key, view });
    return view;
  }

  /** What a view is made for: previews made from it stay good while it is the same. */
  key(tip: string): string {
    return `${tip}|${this.liveGeneration}`;
  }

  /** The draft moved (a save into it, a publish, a discard). */
  forget(id: string): void {
    this.views.delete(id);
  }

  /** The live site moved: every draft's merge with it may differ now. */
  liveChanged(): void {
    this.liveGeneration++;
    this.views.clear();
  }
}
