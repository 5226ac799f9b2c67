import { describe, expect, it } from 'vitest';
import { fullName, splitFullName } from './delivery-contact.ts';

describe('checkout’s one name field and the profile’s two', () => {
  it('keeps a whole name typed: the first word is the first name, the rest the last', () => {
    expect(splitFullName('Ana Silva')).toEqual({ first_name: 'Ana', last_name: 'Silva' });
    expect(splitFullName('  Ana   Maria  da Silva ')).toEqual({
      first_name: 'Ana',
      last_name: 'Maria da Silva',
    });
    expect(splitFullName('Prince')).toEqual({ first_name: 'Prince', last_name: '' });
    expect(splitFullName('   ')).toEqual({ first_name: '', last_name: '' });
  });

  it('joins them again as the desk does, so the desk reads what was typed', () => {
    expect(fullName(splitFullName(' Ana  Silva '))).toBe('Ana Silva');
    expect(fullName({ first_name: 'Mary Ann', last_name: 'Smith' })).toBe('Mary Ann Smith');
    expect(fullName({ first_name: 'Ada', last_name: '' })).toBe('Ada');
    expect(fullName({ first_name: 'Ada' })).toBe('Ada');
  });
});
