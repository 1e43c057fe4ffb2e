//! ALU semantics, one component at a time, on bit patterns.
//!
//! Floats of every size are decoded to `f64`, computed, and rounded back to the value's bit
//! size: for the basic operations (add, sub, mul, div, sqrt) this gives the correctly rounded
//! single-precision result, since `f64` carries more than twice the significand bits.
//! Integers are decoded sign- or zero-extended to 64 bits, computed with wrapping
//! arithmetic and masked back to their size.

// Lane loops index several parallel per-lane arrays (masks, values, pointers).
#![allow(clippy::needless_range_loop)]

use fresnel_ir::float::{f16_to_f32, f32_to_f16};
use fresnel_ir::AluOp;

use crate::Error;

/// Keeps the low `bits` bits.
#[inline]
pub fn mask(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// Sign-extends the low `bits` bits.
#[inline]
pub fn sext(v: u64, bits: u8) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let s = 64 - u32::from(bits);
        ((v << s) as i64) >> s
    }
}

/// The value of a float bit pattern of the given size.
#[inline]
pub fn fget(v: u64, bits: u8) -> f64 {
    match bits {
        16 => f64::from(f16_to_f32(v as u16)),
        64 => f64::from_bits(v),
        _ => f64::from(f32::from_bits(v as u32)),
    }
}

/// The bit pattern of a float of the given size (rounded to nearest even).
#[inline]
pub fn fput(x: f64, bits: u8) -> u64 {
    match bits {
        16 => u64::from(f32_to_f16(x as f32)),
        64 => x.to_bits(),
        _ => u64::from((x as f32).to_bits()),
    }
}

fn fmin(a: f64, b: f64) -> f64 {
    // IEEE minNum: a NaN operand yields the other operand.
    a.min(b)
}

fn fmax(a: f64, b: f64) -> f64 {
    a.max(b)
}

/// `x * 2^e` without overflowing intermediate steps.
fn ldexp(x: f64, e: i64) -> f64 {
    let mut e = e.clamp(-2200, 2200);
    let mut x = x;
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    x * 2f64.powi(e as i32)
}

/// `frexp` for the float size `bits`: (significand in [0.5, 1), exponent).
fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let mut e = libm::log2(x.abs()).floor() as i64 + 1;
    let mut m = ldexp(x, -e);
    // Correct rounding errors of log2 at the edges.
    if m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    } else if m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e)
}

/// Float to a signed integer of `bits`, saturating (NaN gives 0).
fn f2i(x: f64, bits: u8) -> u64 {
    let v = match bits {
        8 => i64::from(x as i8),
        16 => i64::from(x as i16),
        32 => i64::from(x as i32),
        _ => x as i64,
    };
    mask(v as u64, bits)
}

/// Float to an unsigned integer of `bits`, saturating (negative and NaN give 0).
fn f2u(x: f64, bits: u8) -> u64 {
    let v = match bits {
        8 => u64::from(x as u8),
        16 => u64::from(x as u16),
        32 => u64::from(x as u32),
        _ => x as u64,
    };
    mask(v, bits)
}

fn bitfield_extract(v: u64, offset: i64, count: i64, bits: u8, signed: bool) -> u64 {
    let b = i64::from(bits);
    if count <= 0 || offset < 0 || offset >= b || count > b || offset + count > b {
        return 0;
    }
    let x = (mask(v, bits) >> offset) & mask(u64::MAX, count as u8);
    if signed {
        mask(sext(x, count as u8) as u64, bits)
    } else {
        x
    }
}

fn bitfield_insert(base: u64, ins: u64, offset: i64, count: i64, bits: u8) -> u64 {
    let b = i64::from(bits);
    if count <= 0 || offset < 0 || offset >= b || count > b || offset + count > b {
        return mask(base, bits);
    }
    let m = mask(u64::MAX, count as u8) << offset;
    mask((base & !m) | ((ins << offset) & m), bits)
}

fn find_msb_u(v: u64, bits: u8) -> u64 {
    let v = mask(v, bits);
    if v == 0 {
        mask(-1i64 as u64, 32)
    } else {
        u64::from(63 - v.leading_zeros())
    }
}

/// Evaluates a per-component opcode on one component. `sb` is the bit size of the
/// operation's sources (the first non-boolean one), `db` the result's.
pub fn scalar(op: AluOp, sb: u8, db: u8, s: [u64; 4]) -> Result<u64, Error> {
    use AluOp::*;
    let f = |i: usize| fget(s[i], sb);
    let i = |k: usize| sext(s[k], sb);
    let u = |k: usize| mask(s[k], sb);
    let fr = |x: f64| fput(x, db);
    let ir = |x: i64| mask(x as u64, db);
    let b = |x: bool| u64::from(x);
    Ok(match op {
        Mov => mask(s[0], db),
        Bcsel => {
            if s[0] & 1 != 0 {
                mask(s[1], db)
            } else {
                mask(s[2], db)
            }
        }
        Fneg => fr(-f(0)),
        Fabs => fr(f(0).abs()),
        Fsat => {
            let x = f(0);
            fr(if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) })
        }
        Fsign => {
            let x = f(0);
            fr(if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            })
        }
        Ffloor => fr(f(0).floor()),
        Fceil => fr(f(0).ceil()),
        Ftrunc => fr(f(0).trunc()),
        FroundEven => fr(f(0).round_ties_even()),
        Ffract => {
            // Computed in the value's precision so that fract(x) < 1.
            let x = fget(fput(f(0), sb), sb);
            let r = fget(fput(x - x.floor(), db), db);
            fr(if r >= 1.0 { prev_below_one(db) } else { r })
        }
        Fadd => fr(f(0) + f(1)),
        Fsub => fr(f(0) - f(1)),
        Fmul => fr(f(0) * f(1)),
        Fdiv => fr(f(0) / f(1)),
        Fmod => {
            let (x, y) = (f(0), f(1));
            // x - y * floor(x / y), with the quotient rounded to the operation's precision
            // as hardware computes it.
            let q = fget(fput(x / y, db), db);
            let p = fget(fput(y * q.floor(), db), db);
            fr(x - p)
        }
        Ffma => fr(f(0).mul_add(f(1), f(2))),
        Flrp => {
            let (x, y, a) = (f(0), f(1), f(2));
            fr(x * (1.0 - a) + y * a)
        }
        Fmin => fr(fmin(f(0), f(1))),
        Fmax => fr(fmax(f(0), f(1))),
        Fstep => fr(if f(1) < f(0) { 0.0 } else { 1.0 }),
        Frcp => fr(1.0 / f(0)),
        Frsq => fr(1.0 / f(0).sqrt()),
        Fsqrt => fr(f(0).sqrt()),
        Fexp2 => fr(libm::exp2(f(0))),
        Flog2 => fr(libm::log2(f(0))),
        Fexp => fr(libm::exp(f(0))),
        Flog => fr(libm::log(f(0))),
        Fpow => fr(libm::pow(f(0), f(1))),
        Fsin => fr(libm::sin(f(0))),
        Fcos => fr(libm::cos(f(0))),
        Ftan => fr(libm::tan(f(0))),
        Fasin => fr(libm::asin(f(0))),
        Facos => fr(libm::acos(f(0))),
        Fatan => fr(libm::atan(f(0))),
        Fatan2 => fr(libm::atan2(f(0), f(1))),
        Fsinh => fr(libm::sinh(f(0))),
        Fcosh => fr(libm::cosh(f(0))),
        Ftanh => fr(libm::tanh(f(0))),
        Fasinh => fr(libm::asinh(f(0))),
        Facosh => fr(libm::acosh(f(0))),
        Fatanh => fr(libm::atanh(f(0))),
        FrexpSig => fr(frexp(f(0)).0),
        FrexpExp => mask(frexp(f(0)).1 as u64, db),
        Ldexp => fr(ldexp(f(0), sext(s[1], 32))),
        Fisnan => b(f(0).is_nan()),
        Fisinf => b(f(0).is_infinite()),
        Fquantize2f16 => {
            let h = f16_to_f32(f32_to_f16(f(0) as f32));
            // Denormal halves flush to zero (as SPIR-V OpQuantizeToF16 allows).
            let h = if h != 0.0 && h.abs() < 6.103_515_6e-5 {
                0.0f32.copysign(h)
            } else {
                h
            };
            fr(f64::from(h))
        }
        Flt => b(f(0) < f(1)),
        Fge => b(f(0) >= f(1)),
        Feq => b(f(0) == f(1)),
        Fneu => b(f(0) != f(1)),
        Ilt => b(i(0) < i(1)),
        Ige => b(i(0) >= i(1)),
        Ult => b(u(0) < u(1)),
        Uge => b(u(0) >= u(1)),
        Ieq => b(u(0) == u(1)),
        Ine => b(u(0) != u(1)),
        Iadd => ir(i(0).wrapping_add(i(1))),
        Isub => ir(i(0).wrapping_sub(i(1))),
        Imul => ir(i(0).wrapping_mul(i(1))),
        Idiv => {
            let (x, y) = (i(0), i(1));
            if y == 0 {
                ir(if x >= 0 { -1 } else { 1 })
            } else {
                ir(wrap_div(x, y, sb))
            }
        }
        Udiv => {
            if u(1) == 0 {
                mask(u64::MAX, db)
            } else {
                u(0) / u(1)
            }
        }
        Irem => {
            let (x, y) = (i(0), i(1));
            if y == 0 {
                mask(u64::MAX, db)
            } else {
                ir(x.wrapping_rem(y))
            }
        }
        Umod => {
            if u(1) == 0 {
                mask(u64::MAX, db)
            } else {
                u(0) % u(1)
            }
        }
        Ineg => ir(i(0).wrapping_neg()),
        Iabs => ir(i(0).wrapping_abs()),
        Isign => ir(i(0).signum()),
        Imin => ir(i(0).min(i(1))),
        Imax => ir(i(0).max(i(1))),
        Umin => u(0).min(u(1)),
        Umax => u(0).max(u(1)),
        Ishl => {
            let c = (s[1] as u32) % u32::from(sb.max(1));
            mask(u(0) << c, db)
        }
        Ishr => {
            let c = (s[1] as u32) % u32::from(sb.max(1));
            ir(i(0) >> c)
        }
        Ushr => {
            let c = (s[1] as u32) % u32::from(sb.max(1));
            u(0) >> c
        }
        Iand => mask(s[0] & s[1], db),
        Ior => mask(s[0] | s[1], db),
        Ixor => mask(s[0] ^ s[1], db),
        Inot => mask(!s[0], db),
        BitfieldInsert => bitfield_insert(s[0], s[1], sext(s[2], 32), sext(s[3], 32), sb),
        IbitfieldExtract => bitfield_extract(s[0], sext(s[1], 32), sext(s[2], 32), sb, true),
        UbitfieldExtract => bitfield_extract(s[0], sext(s[1], 32), sext(s[2], 32), sb, false),
        BitfieldReverse => mask(u(0).reverse_bits() >> (64 - u32::from(sb.clamp(1, 64))), sb),
        BitCount => u64::from(u(0).count_ones()),
        UfindMsb => find_msb_u(s[0], sb),
        IfindMsb => {
            let x = i(0);
            let v = if x < 0 { !x } else { x } as u64;
            find_msb_u(v, sb)
        }
        FindLsb => {
            let v = u(0);
            if v == 0 {
                mask(u64::MAX, 32)
            } else {
                u64::from(v.trailing_zeros())
            }
        }
        UaddCarry => {
            let r = u128::from(u(0)) + u128::from(u(1));
            b(r > u128::from(mask(u64::MAX, sb)))
        }
        UsubBorrow => b(u(0) < u(1)),
        UmulHigh => {
            let r = u128::from(u(0)) * u128::from(u(1));
            mask((r >> sb) as u64, db)
        }
        ImulHigh => {
            let r = i128::from(i(0)) * i128::from(i(1));
            mask((r >> sb) as u64, db)
        }
        B2f => fr(if s[0] & 1 != 0 { 1.0 } else { 0.0 }),
        B2i => s[0] & 1,
        F2f => fr(f(0)),
        F2i => f2i(f(0), db),
        F2u => f2u(f(0), db),
        I2f => fr(i(0) as f64),
        U2f => fr(u(0) as f64),
        I2i => ir(i(0)),
        U2u => mask(u(0), db),
        _ => {
            return Err(Error::Invalid(format!(
                "`{}` is not a per-component operation",
                op.name()
            )))
        }
    })
}

fn prev_below_one(bits: u8) -> f64 {
    match bits {
        16 => 1.0 - 1.0 / 2048.0,
        64 => 1.0 - f64::EPSILON / 2.0,
        _ => f64::from(1.0f32 - f32::EPSILON / 2.0),
    }
}

fn wrap_div(x: i64, y: i64, bits: u8) -> i64 {
    // The most negative value divided by -1 wraps to itself at every size.
    let min = if bits >= 64 {
        i64::MIN
    } else {
        -(1i64 << (bits - 1))
    };
    if x == min && y == -1 {
        min
    } else {
        x.wrapping_div(y)
    }
}

fn pack_snorm(x: f64, max: f64) -> i64 {
    (x.clamp(-1.0, 1.0) * max).round() as i64
}

fn pack_unorm(x: f64, max: f64) -> u64 {
    (x.clamp(0.0, 1.0) * max).round() as u64
}

/// Operations whose components are not independent: vectors, dots, reductions, packing.
/// `srcs[k]` holds the components of source k as the operation reads them (after the
/// swizzle). Returns the result's components.
pub fn whole(op: AluOp, sb: u8, db: u8, srcs: &[[u64; 4]; 4]) -> Result<[u64; 4], Error> {
    use AluOp::*;
    let mut out = [0u64; 4];
    let f = |k: usize, c: usize| fget(srcs[k][c], sb);
    match op {
        Vec2 | Vec3 | Vec4 => {
            let n = match op {
                Vec2 => 2,
                Vec3 => 3,
                _ => 4,
            };
            for (c, o) in out.iter_mut().enumerate().take(n) {
                *o = mask(srcs[c][0], db);
            }
        }
        Fdot2 | Fdot3 | Fdot4 => {
            let n = match op {
                Fdot2 => 2,
                Fdot3 => 3,
                _ => 4,
            };
            let mut acc = 0.0;
            for c in 0..n {
                // Each product and sum rounded to the operation's precision.
                let p = fget(fput(f(0, c) * f(1, c), db), db);
                acc = fget(fput(acc + p, db), db);
            }
            out[0] = fput(acc, db);
        }
        Vextract2 | Vextract3 | Vextract4 => {
            let n = match op {
                Vextract2 => 2,
                Vextract3 => 3,
                _ => 4,
            };
            // Out of range (undefined in GLSL): component 0.
            let i = (srcs[1][0] & 0xffff_ffff) as usize;
            out[0] = mask(srcs[0][if i < n { i } else { 0 }], db);
        }
        Bany2 | Bany3 | Bany4 | Ball2 | Ball3 | Ball4 => {
            let n = match op {
                Bany2 | Ball2 => 2,
                Bany3 | Ball3 => 3,
                _ => 4,
            };
            let bits = srcs[0].iter().take(n).map(|x| x & 1 != 0);
            let r = if matches!(op, Bany2 | Bany3 | Bany4) {
                bits.into_iter().any(|x| x)
            } else {
                bits.into_iter().all(|x| x)
            };
            out[0] = u64::from(r);
        }
        PackSnorm2x16 => {
            let lo = pack_snorm(f(0, 0), 32767.0) as u64 & 0xffff;
            let hi = pack_snorm(f(0, 1), 32767.0) as u64 & 0xffff;
            out[0] = lo | (hi << 16);
        }
        PackUnorm2x16 => {
            out[0] = pack_unorm(f(0, 0), 65535.0) | (pack_unorm(f(0, 1), 65535.0) << 16);
        }
        PackSnorm4x8 => {
            let mut w = 0;
            for c in 0..4 {
                w |= (pack_snorm(f(0, c), 127.0) as u64 & 0xff) << (8 * c);
            }
            out[0] = w;
        }
        PackUnorm4x8 => {
            let mut w = 0;
            for c in 0..4 {
                w |= pack_unorm(f(0, c), 255.0) << (8 * c);
            }
            out[0] = w;
        }
        PackHalf2x16 => {
            let lo = u64::from(f32_to_f16(f(0, 0) as f32));
            let hi = u64::from(f32_to_f16(f(0, 1) as f32));
            out[0] = lo | (hi << 16);
        }
        UnpackSnorm2x16 => {
            let w = srcs[0][0];
            for c in 0..2 {
                let v = f64::from((w >> (16 * c)) as u16 as i16);
                out[c] = fput((v / 32767.0).clamp(-1.0, 1.0), db);
            }
        }
        UnpackUnorm2x16 => {
            let w = srcs[0][0];
            for c in 0..2 {
                out[c] = fput(f64::from((w >> (16 * c)) as u16) / 65535.0, db);
            }
        }
        UnpackSnorm4x8 => {
            let w = srcs[0][0];
            for c in 0..4 {
                let v = f64::from((w >> (8 * c)) as u8 as i8);
                out[c] = fput((v / 127.0).clamp(-1.0, 1.0), db);
            }
        }
        UnpackUnorm4x8 => {
            let w = srcs[0][0];
            for c in 0..4 {
                out[c] = fput(f64::from((w >> (8 * c)) as u8) / 255.0, db);
            }
        }
        UnpackHalf2x16 => {
            let w = srcs[0][0];
            for c in 0..2 {
                out[c] = fput(f64::from(f16_to_f32((w >> (16 * c)) as u16)), db);
            }
        }
        Pack64_2x32 => out[0] = mask(srcs[0][0], 32) | (mask(srcs[0][1], 32) << 32),
        Unpack64_2x32 => {
            out[0] = mask(srcs[0][0], 32);
            out[1] = srcs[0][0] >> 32;
        }
        _ if op.matrix_op().is_some() => {
            // Sources are the columns: row r, column c is component r of source c.
            let (n, col) = op.matrix_op().unwrap_or((2, None));
            let n = usize::from(n);
            let rows: Vec<Vec<f64>> = (0..n).map(|r| (0..n).map(|c| f(c, r)).collect()).collect();
            let mut ar = crate::matrix::Rounded { bits: db };
            match col {
                None => out[0] = fput(crate::matrix::det(&mut ar, &rows), db),
                Some(j) => {
                    let v = crate::matrix::inverse_col(&mut ar, &rows, usize::from(j));
                    for (o, x) in out.iter_mut().zip(v) {
                        *o = fput(x, db);
                    }
                }
            }
        }
        _ => {
            return Err(Error::Invalid(format!(
                "`{}` is a per-component operation",
                op.name()
            )))
        }
    }
    Ok(out)
}

/// Whether the opcode is evaluated by [`whole`] rather than component by component.
pub fn is_whole(op: AluOp) -> bool {
    use AluOp::*;
    op.matrix_op().is_some()
        || matches!(
            op,
            Vec2 | Vec3
                | Vec4
                | Fdot2
                | Fdot3
                | Fdot4
                | Bany2
                | Bany3
                | Bany4
                | Ball2
                | Ball3
                | Ball4
                | PackSnorm2x16
                | PackUnorm2x16
                | PackSnorm4x8
                | PackUnorm4x8
                | PackHalf2x16
                | UnpackSnorm2x16
                | UnpackUnorm2x16
                | UnpackSnorm4x8
                | UnpackUnorm4x8
                | UnpackHalf2x16
                | Pack64_2x32
                | Unpack64_2x32
                | Vextract2
                | Vextract3
                | Vextract4
        )
}

/// A 32-bit operation with a direct implementation (see [`fast`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fast {
    Fadd,
    Fsub,
    Fmul,
    Fdiv,
    Fmin,
    Fmax,
    Fneg,
    Fabs,
    Ffloor,
    Fsqrt,
    Ffma,
    Flt,
    Fge,
    Feq,
    Fneu,
    Iadd,
    Isub,
    Imul,
    Iand,
    Ior,
    Ixor,
    Ilt,
    Ige,
    Ult,
    Uge,
    Ieq,
    Ine,
    Mov,
    Bcsel,
    B2f,
}

/// The direct implementation of a per-component operation on 32-bit values, when it has
/// one. Results are bit-identical to [`scalar`] (single-precision add, sub, mul and div are
/// correctly rounded either way).
pub fn fast(op: AluOp, sb: u8, db: u8) -> Option<Fast> {
    use AluOp as A;
    if sb != 32 {
        return match (op, db) {
            (A::Bcsel, 32) => Some(Fast::Bcsel),
            (A::B2f, 32) => Some(Fast::B2f),
            _ => None,
        };
    }
    let cmp = db == 1;
    let same = db == 32;
    Some(match op {
        A::Mov if same => Fast::Mov,
        A::Bcsel if same => Fast::Bcsel,
        A::Fadd if same => Fast::Fadd,
        A::Fsub if same => Fast::Fsub,
        A::Fmul if same => Fast::Fmul,
        A::Fdiv if same => Fast::Fdiv,
        A::Fmin if same => Fast::Fmin,
        A::Fmax if same => Fast::Fmax,
        A::Fneg if same => Fast::Fneg,
        A::Fabs if same => Fast::Fabs,
        A::Ffloor if same => Fast::Ffloor,
        A::Fsqrt if same => Fast::Fsqrt,
        A::Ffma if same => Fast::Ffma,
        A::Flt if cmp => Fast::Flt,
        A::Fge if cmp => Fast::Fge,
        A::Feq if cmp => Fast::Feq,
        A::Fneu if cmp => Fast::Fneu,
        A::Iadd if same => Fast::Iadd,
        A::Isub if same => Fast::Isub,
        A::Imul if same => Fast::Imul,
        A::Iand if same => Fast::Iand,
        A::Ior if same => Fast::Ior,
        A::Ixor if same => Fast::Ixor,
        A::Ilt if cmp => Fast::Ilt,
        A::Ige if cmp => Fast::Ige,
        A::Ult if cmp => Fast::Ult,
        A::Uge if cmp => Fast::Uge,
        A::Ieq if cmp => Fast::Ieq,
        A::Ine if cmp => Fast::Ine,
        _ => return None,
    })
}

#[inline(always)]
fn fl(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

#[inline(always)]
fn fb(x: f32) -> u64 {
    u64::from(x.to_bits())
}

/// Runs a [`Fast`] operation on bit patterns.
#[inline]
pub fn run_fast(f: Fast, x: u64, y: u64, z: u64) -> u64 {
    let (xi, yi) = (x as u32, y as u32);
    match f {
        Fast::Fadd => fb(fl(x) + fl(y)),
        Fast::Fsub => fb(fl(x) - fl(y)),
        Fast::Fmul => fb(fl(x) * fl(y)),
        Fast::Fdiv => fb(fl(x) / fl(y)),
        Fast::Fmin => fb(fl(x).min(fl(y))),
        Fast::Fmax => fb(fl(x).max(fl(y))),
        Fast::Fneg => fb(-fl(x)),
        Fast::Fabs => fb(fl(x).abs()),
        Fast::Ffloor => fb(fl(x).floor()),
        Fast::Fsqrt => fb(fl(x).sqrt()),
        Fast::Ffma => fb(f64::from(fl(x)).mul_add(f64::from(fl(y)), f64::from(fl(z))) as f32),
        Fast::Flt => u64::from(fl(x) < fl(y)),
        Fast::Fge => u64::from(fl(x) >= fl(y)),
        Fast::Feq => u64::from(fl(x) == fl(y)),
        Fast::Fneu => u64::from(fl(x) != fl(y)),
        Fast::Iadd => u64::from(xi.wrapping_add(yi)),
        Fast::Isub => u64::from(xi.wrapping_sub(yi)),
        Fast::Imul => u64::from(xi.wrapping_mul(yi)),
        Fast::Iand => u64::from(xi & yi),
        Fast::Ior => u64::from(xi | yi),
        Fast::Ixor => u64::from(xi ^ yi),
        Fast::Ilt => u64::from((xi as i32) < (yi as i32)),
        Fast::Ige => u64::from((xi as i32) >= (yi as i32)),
        Fast::Ult => u64::from(xi < yi),
        Fast::Uge => u64::from(xi >= yi),
        Fast::Ieq => u64::from(xi == yi),
        Fast::Ine => u64::from(xi != yi),
        Fast::Mov => x & 0xffff_ffff,
        Fast::Bcsel => {
            if x & 1 != 0 {
                y & 0xffff_ffff
            } else {
                z & 0xffff_ffff
            }
        }
        Fast::B2f => fb(if x & 1 != 0 { 1.0 } else { 0.0 }),
    }
}

/// Runs a [`Fast`] operation over the active lanes: sources at `bases[k] + lane`, result
/// at `dest + lane` of `v` (one monomorphic loop per operation, so the operation is not
/// dispatched per lane).
pub fn fast_lanes(f: Fast, v: &mut [u64], m: &[bool], bases: &[usize], dest: usize) {
    let Some(&b0) = bases.first() else {
        return;
    };
    let b = [
        b0,
        bases.get(1).copied().unwrap_or(b0),
        bases.get(2).copied().unwrap_or(b0),
    ];
    macro_rules! each {
        ($($op:ident),*) => {
            match f {
                $(Fast::$op => lanes(v, m, b, dest, |x, y, z| run_fast(Fast::$op, x, y, z)),)*
            }
        };
    }
    each!(
        Fadd, Fsub, Fmul, Fdiv, Fmin, Fmax, Fneg, Fabs, Ffloor, Fsqrt, Ffma, Flt, Fge, Feq, Fneu,
        Iadd, Isub, Imul, Iand, Ior, Ixor, Ilt, Ige, Ult, Uge, Ieq, Ine, Mov, Bcsel, B2f
    );
}

#[inline(always)]
fn lanes(v: &mut [u64], m: &[bool], b: [usize; 3], dest: usize, op: impl Fn(u64, u64, u64) -> u64) {
    for (lane, &on) in m.iter().enumerate() {
        if on {
            let r = op(v[b[0] + lane], v[b[1] + lane], v[b[2] + lane]);
            v[dest + lane] = r;
        }
    }
}

/// Evaluates one ALU operation on constant operands, exactly as the interpreter does for
/// one invocation: `srcs[k]` holds the components of source k as the operation reads them
/// (after the swizzle), `sb`/`db` are the source and result bit sizes, `dn` the result's
/// components. Cross-invocation operations (derivatives) are not evaluated here. Constant
/// folding uses this, so folded and interpreted results are the same bits.
pub fn eval(op: AluOp, sb: u8, db: u8, dn: usize, srcs: &[[u64; 4]; 4]) -> Result<[u64; 4], Error> {
    if op.info().cross_invocation {
        return Err(Error::Invalid(format!(
            "`{}` reads other invocations",
            op.info().name
        )));
    }
    if is_whole(op) {
        return whole(op, sb, db, srcs);
    }
    let mut out = [0u64; 4];
    for (c, o) in out.iter_mut().enumerate().take(dn.min(4)) {
        *o = scalar(op, sb, db, [srcs[0][c], srcs[1][c], srcs[2][c], srcs[3][c]])?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every opcode of the table runs: per-component ones through [`scalar`], the others
    /// through [`whole`] (derivatives are evaluated across lanes by the executor).
    #[test]
    fn every_opcode_is_evaluated() {
        let srcs = [[1u64, 2, 3, 4]; 4];
        for &op in fresnel_ir::ALL_ALU_OPS {
            if op.info().cross_invocation {
                continue;
            }
            let r = if is_whole(op) {
                whole(op, 32, 32, &srcs).map(|_| ())
            } else {
                let db = if op.info().dest_class == fresnel_ir::TypeClass::Bool {
                    1
                } else {
                    32
                };
                scalar(op, 32, db, [1, 2, 3, 4]).map(|_| ())
            };
            assert!(r.is_ok(), "{}: {r:?}", op.name());
        }
    }

    fn f32b(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn float_basics() {
        let r = scalar(AluOp::Fadd, 32, 32, [f32b(0.1), f32b(0.2), 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), 0.1f32 + 0.2f32);
        let r = scalar(AluOp::Fdiv, 32, 32, [f32b(1.0), f32b(0.0), 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), f32::INFINITY);
        let r = scalar(AluOp::Fmin, 32, 32, [f32b(f32::NAN), f32b(2.0), 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), 2.0);
        let r = scalar(AluOp::FroundEven, 32, 32, [f32b(2.5), 0, 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), 2.0);
        let r = scalar(AluOp::FroundEven, 32, 32, [f32b(-3.5), 0, 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), -4.0);
        let r = scalar(AluOp::Fmod, 32, 32, [f32b(-1.5), f32b(1.0), 0, 0]).unwrap();
        assert_eq!(f32::from_bits(r as u32), 0.5);
        let r = scalar(AluOp::Ffract, 32, 32, [f32b(-1e-9), 0, 0, 0]).unwrap();
        assert!(f32::from_bits(r as u32) < 1.0);
    }

    #[test]
    fn integer_edges() {
        let m = mask(i32::MIN as u64, 32);
        let neg1 = mask(-1i64 as u64, 32);
        assert_eq!(scalar(AluOp::Idiv, 32, 32, [m, neg1, 0, 0]).unwrap(), m);
        assert_eq!(
            scalar(AluOp::Udiv, 32, 32, [5, 0, 0, 0]).unwrap(),
            0xffff_ffff
        );
        assert_eq!(scalar(AluOp::Ishl, 32, 32, [1, 33, 0, 0]).unwrap(), 2);
        assert_eq!(scalar(AluOp::Ishr, 32, 32, [neg1, 4, 0, 0]).unwrap(), neg1);
        assert_eq!(
            scalar(AluOp::IfindMsb, 32, 32, [neg1, 0, 0, 0]).unwrap(),
            neg1
        );
        assert_eq!(
            scalar(AluOp::UfindMsb, 32, 32, [0x100, 0, 0, 0]).unwrap(),
            8
        );
        assert_eq!(
            scalar(AluOp::IbitfieldExtract, 32, 32, [0xf0, 4, 4, 0]).unwrap(),
            neg1
        );
        assert_eq!(
            scalar(AluOp::BitfieldReverse, 32, 32, [1, 0, 0, 0]).unwrap(),
            0x8000_0000
        );
        assert_eq!(
            scalar(AluOp::F2i, 32, 32, [f32b(-3.7), 0, 0, 0]).unwrap(),
            mask(-3i64 as u64, 32)
        );
        assert_eq!(
            scalar(AluOp::F2i, 32, 32, [f32b(1e20), 0, 0, 0]).unwrap(),
            0x7fff_ffff
        );
        assert_eq!(
            scalar(AluOp::UaddCarry, 32, 32, [0xffff_ffff, 1, 0, 0]).unwrap(),
            1
        );
    }

    /// The fast paths agree with the general evaluation bit for bit.
    #[test]
    fn fast_paths_match() {
        let vals: Vec<u64> = [
            0.0f32,
            -0.0,
            1.5,
            -2.25,
            1e30,
            -1e-30,
            f32::INFINITY,
            f32::NAN,
            3.0,
            7.0,
        ]
        .iter()
        .map(|x| f32b(*x))
        .chain([0u64, 1, 0xffff_ffff, 0x8000_0000, 12345])
        .collect();
        for &op in fresnel_ir::ALL_ALU_OPS {
            for db in [1u8, 32] {
                let Some(f) = fast(op, 32, db) else { continue };
                for &x in &vals {
                    for &y in &vals {
                        let z = vals[(x as usize + y as usize) % vals.len()];
                        let s = [x, y, z, 0];
                        let a = scalar(op, 32, db, s).unwrap();
                        let b = run_fast(f, x, y, z);
                        let nan = |v: u64| f32::from_bits(v as u32).is_nan();
                        assert!(
                            a == b || (db == 32 && nan(a) && nan(b)),
                            "{op:?} {x:#x} {y:#x} {z:#x}: {a:#x} vs {b:#x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn packing() {
        let mut s = [[0u64; 4]; 4];
        s[0] = [f32b(1.0), f32b(-1.0), 0, 0];
        let w = whole(AluOp::PackSnorm2x16, 32, 32, &s).unwrap()[0];
        assert_eq!(w, 0x8001_7fff);
        s[0] = [w, 0, 0, 0];
        let back = whole(AluOp::UnpackSnorm2x16, 32, 32, &s).unwrap();
        assert_eq!(f32::from_bits(back[1] as u32), -1.0);
        s[0] = [f32b(1.0), f32b(0.5), 0, 0];
        let h = whole(AluOp::PackHalf2x16, 32, 32, &s).unwrap()[0];
        assert_eq!(h, 0x3800_3c00);
    }
}
