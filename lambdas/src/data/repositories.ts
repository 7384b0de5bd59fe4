// Every repository over the one table, built in one place for both composition roots.
import type { Clock } from '../ports/clock';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import { BackupRepository } from './backup-repository';
import { AdmissionRepository } from './admission-repository';
import { ChatRepository } from './chat-repository';
import { DocumentRepository } from './document-repository';
import { FeedRepository } from './feed-repository';
import { FeedbackRepository } from './feedback-repository';
import { FileReferenceRepository } from './file-references';
import { PatientRepository } from './patient-repository';
import { RealtimeTicketRepository } from './realtime-ticket-repository';
import { PushDeviceRepository } from './push-device-repository';
import { ResourceRepository } from './resource-repository';
import { SessionRepository } from './session-repository';
import type { Table } from './table';
import { TaggedItemRepository } from './tagged-item-repository';
import { UserRepository } from './user-repository';

/** Without a cipher, encrypted resources read as their clear parts only (see ResourceRepository). */
export const createRepositories = (table: Table, clock: Clock, cipher?: EnvelopeCipher) => ({
  users: new UserRepository(table, clock),
  sessions: new SessionRepository(table),
  backups: new BackupRepository(table),
  feed: new FeedRepository(table),
  feedback: new FeedbackRepository(table),
  pushDevices: new PushDeviceRepository(table),
  taggedItems: new TaggedItemRepository(table),
  resources: new ResourceRepository(table, cipher),
  patients: new PatientRepository(table),
  chats: new ChatRepository(table),
  admissions: new AdmissionRepository(table),
  documents: new DocumentRepository(table),
  fileReferences: new FileReferenceRepository(table),
  realtimeTickets: new RealtimeTicketRepository(table, clock),
});

export type Repositories = ReturnType<typeof createRepositories>;
