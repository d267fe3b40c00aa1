import type { Db } from '../db/open';
import { createApplication, createCompany } from '../store/companies';
import { addCategory, createEvent } from '../store/events';
import { seedDemoSubjects } from './demo-subjects';

export const DEMO_EXTERNAL_EVENT_ID = 4711;
export const SECOND_COMPANY_EXTERNAL_EVENT_ID = 9001;

export const GENDERS = ['Female', 'Male', 'Non-binary'];
export const AGE_GROUPS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

/**
 * The demo world: two companies, each with an OAuth application, an event and a
 * recruiting campaign with subjects. The first company's event 4711 has the exclusive
 * categories Gender and Age Group.
 */
export function seedDemo(db: Db, now: Date): void {
  db.transaction(() => {
    const first = createCompany(db, 'Northwind Consumer Research');
    createApplication(db, first.id, 'Muster');
    const snackTest = createEvent(db, first.id, DEMO_EXTERNAL_EVENT_ID, 'Spring snack taste test');
    addCategory(db, snackTest, 'Gender', true, GENDERS);
    addCategory(db, snackTest, 'Age Group', true, AGE_GROUPS);

    const second = createCompany(db, 'Bluebird Panels');
    createApplication(db, second.id, 'Muster');
    const panel = createEvent(db, second.id, SECOND_COMPANY_EXTERNAL_EVENT_ID, 'Coffee panel');
    addCategory(db, panel, 'Gender', true, GENDERS);

    seedDemoSubjects(db, [
      { companyId: first.id, eventId: snackTest.id },
      { companyId: second.id, eventId: panel.id },
    ], now);
  })();
}
