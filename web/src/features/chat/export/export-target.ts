// Where 'Export to Text Field' can put a text besides a patient's note: the editor or resource the chat was opened from.
// The screen that owns that record supplies it, and appends through its own autosave.

export interface ExportTargetSection {
  value: string;
  label: string;
}

export interface ExportTarget {
  /** What the export dialog calls it ('This resource'). */
  label: string;
  sections: ExportTargetSection[];
  /** Appends the text to the section; answers the section's name for the notice. */
  append: (section: string, text: string) => string;
}
