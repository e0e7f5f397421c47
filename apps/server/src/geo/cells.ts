/**
 * A coarse grid over the globe for radius searches (decision 0541): cells of 0.2° of latitude by 0.2°
 * of longitude (about 22 × 17 km in the continental US), numbered
 * `floor((lat + 90) * 5) * 2000 + floor((lng + 180) * 5)`. The candidates table keeps each
 * candidate's cell in a generated column (`geo_cell`, migration 0541 computes it with the same
 * formula), which PostgreSQL has statistics for, unlike the cube box of earthdistance; a radius
 * search asks for the cells that cover its circle, then checks the exact distance.
 */
export const CELLS_PER_DEGREE = 5;
const COLUMNS = 360 * CELLS_PER_DEGREE;
const KM_PER_DEGREE_LAT = 111.2;

export const geoCell = (lat: number, lng: number) => Math.floor((lat + 90) * CELLS_PER_DEGREE) * 2000 + Math.floor((lng + 180) * CELLS_PER_DEGREE);

/** Past this many cells (a radius of about 150 miles) the cell list is not worth sending: null. */
export const MAX_CELLS = 800;

/** The cells that cover a circle of `miles` around a point (its bounding box at the widest latitude), or null when too many. */
export function geoCellsAround(lat: number, lng: number, miles: number): number[] | null {
  const dLat = (miles * 1.609344) / KM_PER_DEGREE_LAT;
  const cos = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = Math.min(180, dLat / Math.max(cos, 0.01));
  const row0 = Math.floor((Math.max(-90, lat - dLat) + 90) * CELLS_PER_DEGREE);
  const row1 = Math.floor((Math.min(90, lat + dLat) + 90) * CELLS_PER_DEGREE);
  const col0 = Math.floor((lng - dLng + 180) * CELLS_PER_DEGREE);
  const col1 = Math.floor((lng + dLng + 180) * CELLS_PER_DEGREE);
  if ((row1 - row0 + 1) * (col1 - col0 + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let r = row0; r <= row1; r++) for (let c = col0; c <= col1; c++) cells.push(r * 2000 + (((c % COLUMNS) + COLUMNS) % COLUMNS));
  return cells;
}
