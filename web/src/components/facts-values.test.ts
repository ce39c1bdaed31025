import { NO_REGISTRATION } from '@contract/photos';
import { factsCorrection } from '@contract/screening';
import { describe, expect, it } from 'vitest';
import { photo, PEK, PVG } from '../testing/fixtures.js';
import { ALL_FACTS, changedFacts, EMPTY_FACTS, factsValuesOf, metaFactsOf, type Fact } from './facts-values.js';

const CORRECTABLE = Object.keys(factsCorrection.shape) as Fact[];

describe('changedFacts', () => {
  it('sends nothing when the form still holds the photo as it is', () => {
    const shown = photo({ remark: null, msn: null, registration: NO_REGISTRATION });
    expect(changedFacts(shown, factsValuesOf(shown), ALL_FACTS)).toEqual({});
  });

  it('sends only the changed facts, in the contract’s names, trimmed and in capitals', () => {
    const shown = photo();
    const values = { ...factsValuesOf(shown), registration: ' b-2999 ', airport: { value: PEK.id, label: PEK.label } };
    expect(changedFacts(shown, values, ALL_FACTS)).toEqual({ registration: 'B-2999', airportId: PEK.id });
  });

  it('leaves out facts the place does not edit', () => {
    const shown = photo();
    const values = { ...factsValuesOf(shown), remark: '夕阳下的 A320', takenOn: '2025-04-30' };
    expect(changedFacts(shown, values, CORRECTABLE)).toEqual({ takenOn: '2025-04-30' });
  });

  it('clears the airport of a photo now taken in flight, and sets it when it no longer is', () => {
    const grounded = photo();
    expect(changedFacts(grounded, { ...factsValuesOf(grounded), inFlight: true }, ALL_FACTS)).toEqual({
      inFlight: true,
      airportId: null,
    });
    const flying = photo({ inFlight: true, airport: null });
    const landed = { ...factsValuesOf(flying), inFlight: false, airport: { value: PVG.id, label: PVG.label } };
    expect(changedFacts(flying, landed, CORRECTABLE)).toEqual({ inFlight: false, airportId: PVG.id });
  });

  it('reads categories in any order as the same set, and 无注册号 as NO-REG', () => {
    const shown = photo({ categories: ['airliner', 'night'] });
    expect(changedFacts(shown, { ...factsValuesOf(shown), categories: ['night', 'airliner'] }, ALL_FACTS)).toEqual({});
    expect(changedFacts(shown, { ...factsValuesOf(shown), noRegistration: true }, ALL_FACTS)).toEqual({
      registration: NO_REGISTRATION,
    });
  });
});

describe('metaFactsOf', () => {
  it('leaves empty optional facts out of an upload and the airport of one taken in flight', () => {
    const values = {
      ...EMPTY_FACTS,
      registration: 'b-1234',
      aircraftType: { value: 21, label: 'Airbus A320' },
      airport: { value: PEK.id, label: PEK.label },
      inFlight: true,
      takenOn: '2025-05-01',
      categories: ['airliner'],
      remark: '  ',
    };
    expect(metaFactsOf(values)).toEqual({
      registration: 'B-1234',
      aircraftTypeId: 21,
      inFlight: true,
      takenOn: '2025-05-01',
      categories: ['airliner'],
    });
  });
});
