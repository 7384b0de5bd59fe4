// /present/medEdFeb2025 (route name MedEdFeb2025): the bundled teaching deck, full screen; closing goes back (Home when
// the deck was opened directly).
import { useLocation, useNavigate } from 'react-router';
import { SlideDeck } from '../components/SlideDeck';
import { medEdFeb2025 } from '../decks/med-ed-feb-2025';

export function MedEdPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => (location.key === 'default' ? void navigate('/') : void navigate(-1));
  return <SlideDeck title={medEdFeb2025.title} slides={medEdFeb2025.slides} onClose={close} />;
}
