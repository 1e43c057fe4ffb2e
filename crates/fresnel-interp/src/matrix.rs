//! `determinant` and `inverse` of square matrices: the one formula behind the IR's `fdetN`
//! and `finverseN_colJ` opcodes.
//!
//! The interpreter (and so constant folding, which calls it) evaluates the opcodes with
//! [`det`] and [`inverse_col`] over rounded floats; the optimizer's `lower_matrix_ops`
//! expands them for targets without GLSL.std.450 `Determinant` / `MatrixInverse` with the
//! same functions over IR values. Both perform the same operations in the same order, so the
//! expansion computes bit for bit what the opcode evaluates to.
//!
//! The formula is Mesa's built-in library's: the determinant by cofactor expansion along the
//! first column (2x2: `a00*a11 - a01*a10`), the inverse as the adjugate divided by the
//! determinant (`inverse[j][i] = cofactor(i, j) / det`, column j, row i).

/// The arithmetic the formula needs, over some representation of scalars.
pub trait MatrixArith {
    type V: Copy;
    fn mul(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn add(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(&mut self, a: Self::V, b: Self::V) -> Self::V;
    fn neg(&mut self, a: Self::V) -> Self::V;
    fn div(&mut self, a: Self::V, b: Self::V) -> Self::V;
}

/// The matrix without row `r` and column `c` (`a[row][col]`).
fn minor<V: Copy>(a: &[Vec<V>], r: usize, c: usize) -> Vec<Vec<V>> {
    a.iter()
        .enumerate()
        .filter(|(i, _)| *i != r)
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|(j, _)| *j != c)
                .map(|(_, v)| *v)
                .collect()
        })
        .collect()
}

/// The determinant of the square matrix `a[row][col]` (1 to 4 rows).
pub fn det<A: MatrixArith>(ar: &mut A, a: &[Vec<A::V>]) -> A::V {
    let n = a.len();
    if n == 1 {
        return a[0][0];
    }
    if n == 2 {
        let p = ar.mul(a[0][0], a[1][1]);
        let q = ar.mul(a[1][0], a[0][1]);
        return ar.sub(p, q);
    }
    let mut acc: Option<A::V> = None;
    for r in 0..n {
        let m = minor(a, r, 0);
        let d = det(ar, &m);
        let t = ar.mul(a[r][0], d);
        acc = Some(match acc {
            None => t,
            Some(s) if r % 2 == 1 => ar.sub(s, t),
            Some(s) => ar.add(s, t),
        });
    }
    // n >= 3 here, so the loop ran.
    acc.unwrap_or(a[0][0])
}

/// Column `j` of the inverse of the square matrix `a[row][col]` (2 to 4 rows): row `i` is
/// the cofactor of `a[j][i]` divided by the determinant.
pub fn inverse_col<A: MatrixArith>(ar: &mut A, a: &[Vec<A::V>], j: usize) -> Vec<A::V> {
    let n = a.len();
    let d = det(ar, a);
    (0..n)
        .map(|i| {
            let c = if n == 2 {
                a[1 - j][1 - i]
            } else {
                let m = minor(a, j, i);
                det(ar, &m)
            };
            let c = if (i + j) % 2 == 1 { ar.neg(c) } else { c };
            ar.div(c, d)
        })
        .collect()
}

/// Floats of one bit size, each result rounded to it (as the IR's `fmul`/`fadd`/... are).
pub struct Rounded {
    pub bits: u8,
}

impl Rounded {
    fn r(&self, x: f64) -> f64 {
        crate::alu::fget(crate::alu::fput(x, self.bits), self.bits)
    }
}

impl MatrixArith for Rounded {
    type V = f64;
    fn mul(&mut self, a: f64, b: f64) -> f64 {
        self.r(a * b)
    }
    fn add(&mut self, a: f64, b: f64) -> f64 {
        self.r(a + b)
    }
    fn sub(&mut self, a: f64, b: f64) -> f64 {
        self.r(a - b)
    }
    fn neg(&mut self, a: f64) -> f64 {
        -a
    }
    fn div(&mut self, a: f64, b: f64) -> f64 {
        self.r(a / b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(cols: &[&[f64]]) -> Vec<Vec<f64>> {
        let n = cols.len();
        (0..n)
            .map(|r| (0..n).map(|c| cols[c][r]).collect())
            .collect()
    }

    #[test]
    fn det_and_inverse_of_known_matrices() {
        let mut ar = Rounded { bits: 32 };
        // Columns (1,3) and (2,4): det = 1*4 - 2*3 = -2.
        let a = rows(&[&[1.0, 3.0], &[2.0, 4.0]]);
        assert_eq!(det(&mut ar, &a), -2.0);
        // inverse = [[-2, 1.5], [1, -0.5]] by columns.
        assert_eq!(inverse_col(&mut ar, &a, 0), vec![-2.0, 1.5]);
        assert_eq!(inverse_col(&mut ar, &a, 1), vec![1.0, -0.5]);
        // A 4x4 with determinant 2*3*4*5 (triangular) and an exact inverse column.
        let b = rows(&[
            &[2.0, 0.0, 0.0, 0.0],
            &[1.0, 3.0, 0.0, 0.0],
            &[0.0, 0.0, 4.0, 0.0],
            &[0.0, 0.0, 1.0, 5.0],
        ]);
        assert_eq!(det(&mut ar, &b), 120.0);
        // The inverse times the matrix is the identity.
        let inv: Vec<Vec<f64>> = (0..4).map(|j| inverse_col(&mut ar, &b, j)).collect();
        for c in 0..4 {
            for r in 0..4 {
                let s: f64 = (0..4).map(|k| b[r][k] * inv[c][k]).sum();
                assert!(
                    (s - f64::from(u8::from(r == c))).abs() < 1e-6,
                    "{r} {c} {s}"
                );
            }
        }
        let c3 = rows(&[&[1.0, 0.0, 5.0], &[2.0, 1.0, 6.0], &[3.0, 4.0, 0.0]]);
        assert_eq!(det(&mut ar, &c3), 1.0);
    }
}
