// The title of a protected page, and its actions beside it (or under it on a narrow screen, with the
// same space below them as below the title, so that a button never touches the content).
import { style } from '@vanilla-extract/css';
import { colors } from './theme.css';

export const pageHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  flexWrap: 'wrap',
  margin: '0 0 16px',
});
export const pageTitle = style({ margin: 0, fontSize: 22, color: colors.navy, letterSpacing: 0.3 });
