/** A person's name as shown and recorded: first and last name, without a trailing space. */
export const fullName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();
