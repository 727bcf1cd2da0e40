// How mission values read on screen: Oui/Non/N.D (times: parisDateTime of web/ui/format.ts).
export const yesNo = (value: boolean | null) => (value === null ? 'N.D' : value ? 'Oui' : 'Non');
