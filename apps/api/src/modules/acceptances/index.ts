/**
 * The acceptances module's public surface (DESIGN.md §2; ADR 0217): the executor and the guardians a registered
 * will names accept or decline their role (issue 41 item 3; ADR 0276). Other modules reach it only through the
 * instruments module's `namedPeopleChanged` listener, which its routes register.
 */

