// How incident values read on screen: 'N.D' for an unknown mission (times: parisDateTime of web/ui/format.ts).
export const missionNumber = (tripNumber: string | null) => tripNumber ?? 'N.D';
