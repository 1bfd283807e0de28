/**
 * The sections of the staff console (its navigation), gathered from every feature: a feature
 * with staff pages lists them in `app/features/<feature>/staff-sections.ts`
 * (`export const staffSections`), beside the pages it owns in its own folder, and the console's
 * navigation finds them by file name — the staff feature's users, imports and queues, the
 * community's moderation, the mall's orders — without a list here to edit.
 */
export interface StaffSection {
  /** the section's unprefixed path (LocalLink adds the reader's locale) */
  to: string;
  /** the link's text key, with its namespace (`staff:nav.users`) */
  label: string;
  /** the section's place in the navigation, smallest first */
  order: number;
  /** whether a path belongs to the section (its sub-pages); the path itself when absent */
  owns?: (path: string) => boolean;
}

const files = import.meta.glob<{ staffSections: readonly StaffSection[] }>('../../features/*/staff-sections.ts', { eager: true });

export const STAFF_SECTIONS: readonly StaffSection[] = Object.values(files)
  .flatMap((file) => file.staffSections)
  .sort((a, b) => a.order - b.order);

export function sectionOwns(section: StaffSection, path: string): boolean {
  return section.owns ? section.owns(path) : path === section.to;
}
