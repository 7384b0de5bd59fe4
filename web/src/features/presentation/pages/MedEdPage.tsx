// /present/medEdFeb2025 (route name MedEdFeb2025): the bundled teaching deck, full screen, under the route's name.
import { SlideDeck } from '../components/SlideDeck';
import { medEdFeb2025 } from '../decks/med-ed-feb-2025';

export function MedEdPage() {
  return <SlideDeck title="MedEd Presentation" slides={medEdFeb2025.slides} backTo={{ to: '/', label: 'Back to Home' }} />;
}
