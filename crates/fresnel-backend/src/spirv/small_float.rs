//! The small floating-point formats as SPIR-V types (issue 5, helper F): GL_EXT_bfloat16
//! (`bfloat16_t`, `bf16vecN`) as SPV_KHR_bfloat16 (`OpTypeFloat 16 BFloat16KHR`),
//! GL_EXT_float_e4m3 / GL_EXT_float_e5m2 (`floate4m3_t`, `fe4m3vecN`, `floate5m2_t`,
//! `fe5m2vecN`) as SPV_EXT_float8 (`OpTypeFloat 8 Float8E4M3EXT/Float8E5M2EXT`), and the OCP
//! microscaling formats of GL_EXT_float_e2m1 / e2m3 / e3m2 / ue8m0 / mxint8 (`floate2m1_t`,
//! `fe2m3vecN`, `floatue8m0_t`, ...) as SPV_EXT_ocp_microscaling_types (`OpTypeFloat 4
//! Float4E2M1EXT`, `6 Float6E2M3EXT`, `6 Float6E3M2EXT`, `8 Float8UnsignedE8M0EXT`, `8
//! MXInt8EXT`; capabilities Float4EXT, Float6EXT, Float8UnsignedE8M0EXT, MXInt8EXT). These
//! reach the IR as `Type::Opaque` named by the GLSL type; here the name is read back and the
//! type declared (a vector of them with `OpTypeVector`, any length for long vectors). The
//! operations on them are in `instr/small_float.rs`.
//!
//! [`Desc`] describes every format in one table (bits of exponent and mantissa, bias, sign,
//! what the all-ones exponent means, overflow); [`FormatNumbers::encode`] rounds a value to a bit
//! pattern from it. SPV_EXT_ocp_microscaling_types converts only *from* the microscaling
//! formats, so a constructor of one (GLSL allows only constant arguments) is written as an
//! `OpConstant` of the pattern.

use fresnel_ir::vendor::small_float_type;

use super::Module;

pub const CAP_FLOAT8_EXT: u32 = 4212;
pub const CAP_BFLOAT16_TYPE_KHR: u32 = 5116;
pub const CAP_BFLOAT16_DOT_PRODUCT_KHR: u32 = 5117;
pub const ENC_BFLOAT16_KHR: u32 = 0;
pub const ENC_FLOAT8_E4M3_EXT: u32 = 4214;
pub const ENC_FLOAT8_E5M2_EXT: u32 = 4215;
/// Decoration `SaturatedToLargestFloat8NormalConversionEXT`.
pub const DECOR_SATURATED_FLOAT8: u32 = 4216;

pub const CAP_FLOAT6_EXT: u32 = 4228;
pub const CAP_FLOAT4_EXT: u32 = 4229;
pub const CAP_FLOAT8_UNSIGNED_E8M0_EXT: u32 = 4230;
pub const CAP_MXINT8_EXT: u32 = 4231;
pub const CAP_BITCAST_EXTRACT_EXT: u32 = 4232;
/// `OpBitcastExtractEXT` (Result Type, Result, Base, Offset): newer than the SDK the rest of
/// the writer's numbers come from; `disasm/generate.py` says where it was read and checked.
pub const OP_BITCAST_EXTRACT_EXT: u16 = 4195;
pub const ENC_FLOAT6_E2M3_EXT: u32 = 4223;
pub const ENC_FLOAT6_E3M2_EXT: u32 = 4224;
pub const ENC_FLOAT4_E2M1_EXT: u32 = 4225;
pub const ENC_FLOAT8_UNSIGNED_E8M0_EXT: u32 = 4226;
pub const ENC_MXINT8_EXT: u32 = 4227;

/// One of the formats: the IR's table of them ([`fresnel_ir::vendor::SmallFloatFormat`]),
/// with the numbers of the encoding in [`FormatNumbers`].
pub use fresnel_ir::vendor::SmallFloatFormat as Format;

/// What the all-ones exponent field means, and what a value too large becomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// IEEE 754: infinities and NaNs; overflow gives an infinity.
    Ieee,
    /// OCP FP8 E4M3: only `S.1111.111` is NaN (no infinity); overflow gives NaN, as
    /// `fresnel_sema::constant::small_float_round` folds it.
    NanOnly,
    /// OCP FP4/FP6: every pattern is a finite number; overflow and infinities saturate to
    /// the largest magnitude, NaN becomes +0.
    Saturating,
    /// OCP E8M0: no sign, no mantissa, no zero; `0xff` is NaN (and infinities); overflow
    /// saturates to 2^127 (`0xfe`), zero, negatives and values under 2^-127 give 2^-127
    /// (`0x00`).
    Scale,
    /// OCP MXINT8: the integer `round(x * 64)` saturated to [-127, 127] (the patterns are
    /// symmetric; `0x80` is never produced), NaN becomes 0.
    FixedPoint,
}

/// A format in numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Desc {
    pub bits: u8,
    pub signed: bool,
    pub exp_bits: u32,
    pub man_bits: u32,
    pub bias: i32,
    pub special: Special,
}

/// A format's numbers: its layout, rounding to and reading bit patterns, and its SPIR-V
/// `FPEncoding`.
pub trait FormatNumbers: Copy {
    fn desc(self) -> Desc;
    fn encoding(self) -> u32;
    fn small_int_bits(self, one: bool) -> u32;
    fn encode(self, v: f64) -> u32;
    /// The value of a pattern (the tests' check on [`FormatNumbers::encode`]).
    #[cfg(test)]
    fn decode(self, pattern: u32) -> f64;
}

impl FormatNumbers for Format {
    /// Every format's numbers (OCP Microscaling Formats v1.0, IEEE 754 for bfloat16 and
    /// e5m2, OCP FP8 for e4m3).
    fn desc(self) -> Desc {
        let d = |bits, signed, exp_bits, man_bits, bias, special| Desc {
            bits,
            signed,
            exp_bits,
            man_bits,
            bias,
            special,
        };
        match self {
            Format::BFloat16 => d(16, true, 8, 7, 127, Special::Ieee),
            Format::E5M2 => d(8, true, 5, 2, 15, Special::Ieee),
            Format::E4M3 => d(8, true, 4, 3, 7, Special::NanOnly),
            Format::E2M1 => d(4, true, 2, 1, 1, Special::Saturating),
            Format::E2M3 => d(6, true, 2, 3, 1, Special::Saturating),
            Format::E3M2 => d(6, true, 3, 2, 3, Special::Saturating),
            Format::UE8M0 => d(8, false, 8, 0, 127, Special::Scale),
            Format::MXInt8 => d(8, true, 0, 7, 0, Special::FixedPoint),
        }
    }

    /// The `FPEncoding` operand of `OpTypeFloat`.
    fn encoding(self) -> u32 {
        match self {
            Format::BFloat16 => ENC_BFLOAT16_KHR,
            Format::E4M3 => ENC_FLOAT8_E4M3_EXT,
            Format::E5M2 => ENC_FLOAT8_E5M2_EXT,
            Format::E2M1 => ENC_FLOAT4_E2M1_EXT,
            Format::E2M3 => ENC_FLOAT6_E2M3_EXT,
            Format::E3M2 => ENC_FLOAT6_E3M2_EXT,
            Format::UE8M0 => ENC_FLOAT8_UNSIGNED_E8M0_EXT,
            Format::MXInt8 => ENC_MXINT8_EXT,
        }
    }

    /// The bit pattern of a small integer value (0 or 1) in this format (exact).
    fn small_int_bits(self, one: bool) -> u32 {
        self.encode(if one { 1.0 } else { 0.0 })
    }

    /// The bit pattern nearest to `v` (ties to even), with the format's rules for values
    /// out of range and NaN ([`Special`]).
    fn encode(self, v: f64) -> u32 {
        let d = self.desc();
        match d.special {
            Special::FixedPoint => {
                if v.is_nan() {
                    return 0;
                }
                let q = (v * 64.0).round_ties_even().clamp(-127.0, 127.0) as i32;
                return (q as u32) & 0xff;
            }
            Special::Scale => {
                if v.is_nan() || v == f64::INFINITY {
                    return 0xff;
                }
                if v <= 0.0 {
                    return 0;
                }
                let (e, frac) = exponent(v);
                // Between 2^e and 2^(e+1): the nearer, ties to the even pattern.
                let up = frac > 1.5 || (frac == 1.5 && (e + d.bias) % 2 != 0);
                let e = e + i32::from(up) + d.bias;
                return e.clamp(0, 0xfe) as u32;
            }
            _ => {}
        }
        let sign = if d.signed && v.is_sign_negative() {
            1u32 << (d.bits - 1)
        } else {
            0
        };
        let exp_all = (1u32 << d.exp_bits) - 1;
        let man_all = (1u32 << d.man_bits) - 1;
        let nan = match d.special {
            Special::Ieee => (exp_all << d.man_bits) | (1 << (d.man_bits - 1)),
            Special::NanOnly => (exp_all << d.man_bits) | man_all,
            _ => 0,
        };
        // The largest finite pattern and what a value beyond it becomes.
        let (max_pattern, overflow) = match d.special {
            Special::Ieee => (
                ((exp_all - 1) << d.man_bits) | man_all,
                exp_all << d.man_bits,
            ),
            Special::NanOnly => ((exp_all << d.man_bits) | (man_all - 1), nan),
            _ => (
                (exp_all << d.man_bits) | man_all,
                (exp_all << d.man_bits) | man_all,
            ),
        };
        if v.is_nan() {
            return nan;
        }
        if v.is_infinite() {
            return sign | overflow;
        }
        let a = v.abs();
        if a == 0.0 {
            return sign;
        }
        let emin = 1 - d.bias;
        let (e, _) = exponent(a);
        let e = e.max(emin);
        // The value in units of the spacing at exponent `e` (exact: a power of two).
        let ulp = 2f64.powi(e - d.man_bits as i32);
        let q = (a / ulp).round_ties_even();
        let max = decode_magnitude(d, max_pattern);
        if q * ulp > max {
            return sign | overflow;
        }
        let q = q as u64;
        let implicit = 1u64 << d.man_bits;
        let pattern = if q < implicit {
            // Subnormal (or zero after rounding).
            q as u32
        } else if q >= implicit << 1 {
            // Rounded up to the next binade.
            (((e + 1 + d.bias) as u32) << d.man_bits) | ((q >> 1) as u32 & man_all)
        } else {
            (((e + d.bias) as u32) << d.man_bits) | (q as u32 & man_all)
        };
        sign | pattern
    }

    /// The value of a bit pattern (NaN for the NaN patterns).
    #[cfg(test)]
    fn decode(self, pattern: u32) -> f64 {
        let d = self.desc();
        let pattern = pattern & (((1u64 << d.bits) - 1) as u32);
        match d.special {
            Special::FixedPoint => f64::from(pattern as u8 as i8) / 64.0,
            Special::Scale => {
                if pattern == 0xff {
                    f64::NAN
                } else {
                    2f64.powi(pattern as i32 - d.bias)
                }
            }
            _ => {
                let sign_bit = 1u32 << (d.bits - 1);
                let m = decode_magnitude(d, pattern & !sign_bit);
                if pattern & sign_bit != 0 {
                    -m
                } else {
                    m
                }
            }
        }
    }
}

/// The binary exponent of a finite `a > 0` and `a / 2^e` (in [1, 2); f64 subnormals, far
/// below every format's range, give the smallest exponent).
fn exponent(a: f64) -> (i32, f64) {
    let biased = ((a.to_bits() >> 52) & 0x7ff) as i32;
    let e = (biased - 1023).max(-1022);
    (e, a / 2f64.powi(e))
}

/// The magnitude of a sign-less pattern of a sign/exponent/mantissa format.
fn decode_magnitude(d: Desc, p: u32) -> f64 {
    let man = p & ((1u32 << d.man_bits) - 1);
    let exp = (p >> d.man_bits) & ((1u32 << d.exp_bits) - 1);
    let exp_all = (1u32 << d.exp_bits) - 1;
    match d.special {
        Special::Ieee if exp == exp_all => {
            return if man == 0 { f64::INFINITY } else { f64::NAN };
        }
        Special::NanOnly if exp == exp_all && man == (1u32 << d.man_bits) - 1 => {
            return f64::NAN;
        }
        _ => {}
    }
    let frac = f64::from(man) / f64::from(1u32 << d.man_bits);
    if exp == 0 {
        frac * 2f64.powi(1 - d.bias)
    } else {
        (1.0 + frac) * 2f64.powi(exp as i32 - d.bias)
    }
}

/// A scalar or vector type of a small format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SmallFloat {
    pub format: Format,
    pub comps: u8,
}

/// Reads `bfloat16_t`, `bf16vec3`, `floate4m3_t`, `fe4m3vec2`, `floate5m2_t`, `fe5m2vec4`,
/// `floate2m1_t`, `fe2m3vec2`, `fe3m2vec3`, `floatue8m0_t`, `fmxint8vec4` (the IR's table of
/// the names, [`fresnel_ir::vendor::small_float_type`]).
pub fn parse(name: &str) -> Option<SmallFloat> {
    let (f, comps) = small_float_type(name)?;
    Some(SmallFloat { format: f, comps })
}

impl Module<'_> {
    /// The scalar type of a small format, with its capability and extension.
    pub(crate) fn small_float_scalar(&mut self, f: Format) -> u32 {
        match f {
            Format::BFloat16 => {
                self.cap(CAP_BFLOAT16_TYPE_KHR);
                self.exts.insert("SPV_KHR_bfloat16");
            }
            Format::E4M3 | Format::E5M2 => {
                self.cap(CAP_FLOAT8_EXT);
                self.exts.insert("SPV_EXT_float8");
            }
            Format::E2M1 | Format::E2M3 | Format::E3M2 | Format::UE8M0 | Format::MXInt8 => {
                self.cap(match f {
                    Format::E2M1 => CAP_FLOAT4_EXT,
                    Format::E2M3 | Format::E3M2 => CAP_FLOAT6_EXT,
                    Format::UE8M0 => CAP_FLOAT8_UNSIGNED_E8M0_EXT,
                    _ => CAP_MXINT8_EXT,
                });
                // (The extension requires an implementation of SPV_EXT_float8; a module
                // declares that one only for the float8 types, as glslang does.)
                self.exts.insert("SPV_EXT_ocp_microscaling_types");
            }
        }
        let t = self.ty(
            super::spec::op::TYPE_FLOAT,
            &[u32::from(f.bits()), f.encoding()],
        );
        self.value_types.insert(t, 1);
        t
    }

    /// The type of a small-format scalar or vector.
    pub(crate) fn small_float_type(&mut self, s: SmallFloat) -> u32 {
        let e = self.small_float_scalar(s.format);
        if s.comps == 1 {
            return e;
        }
        let v = self.ty(super::spec::op::TYPE_VECTOR, &[e, u32::from(s.comps)]);
        self.elem.insert(v, e);
        self.value_types.insert(v, s.comps);
        v
    }

    /// A constant of a small-format type from the bit pattern of each component.
    pub(crate) fn small_float_const(&mut self, s: SmallFloat, bits: u32) -> u32 {
        let t = self.small_float_scalar(s.format);
        let key: super::types::TypeKey = smallvec::smallvec![t, bits];
        let scalar = if let Some(&id) = self.const_cache.get(key.as_slice()) {
            id
        } else {
            let id = self.id();
            self.globals.inst(super::spec::op::CONSTANT, &[t, id, bits]);
            self.const_cache.insert(key, id);
            id
        };
        if s.comps == 1 {
            return scalar;
        }
        let vt = self.small_float_type(s);
        let parts = vec![scalar; usize::from(s.comps)];
        self.composite_const(vt, &parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_names() {
        assert_eq!(
            parse("bfloat16_t"),
            Some(SmallFloat {
                format: Format::BFloat16,
                comps: 1
            })
        );
        assert_eq!(
            parse("fe4m3vec3"),
            Some(SmallFloat {
                format: Format::E4M3,
                comps: 3
            })
        );
        assert_eq!(parse("fe5m2vec4").map(|s| s.format), Some(Format::E5M2));
        assert_eq!(parse("bf16vec5"), None);
        assert_eq!(parse("floate2m1_t").map(|s| s.format), Some(Format::E2M1));
        assert_eq!(
            parse("fue8m0vec3"),
            Some(SmallFloat {
                format: Format::UE8M0,
                comps: 3
            })
        );
        assert_eq!(parse("fmxint8vec2").map(|s| s.format), Some(Format::MXInt8));
        assert_eq!(parse("floate3m2_t").map(|s| s.format), Some(Format::E3M2));
        assert_eq!(parse("fe2m3vec5"), None);
        assert_eq!(parse("floate2m2_t"), None);
        assert_eq!(parse("bf16mat2"), None);
    }

    #[test]
    fn one_is_exact_in_every_format() {
        // bfloat16: the high half of the f32 1.0.
        assert_eq!(
            Format::BFloat16.small_int_bits(true),
            1.0f32.to_bits() >> 16
        );
        assert_eq!(Format::E4M3.small_int_bits(false), 0);
        assert_eq!(Format::E4M3.small_int_bits(true), 7 << 3);
        assert_eq!(Format::E5M2.small_int_bits(true), 15 << 2);
    }

    /// Every finite pattern reads back to itself (the encoder is the decoder's inverse).
    #[test]
    fn every_pattern_round_trips() {
        for f in [
            Format::E2M1,
            Format::E2M3,
            Format::E3M2,
            Format::UE8M0,
            Format::MXInt8,
            Format::E4M3,
            Format::E5M2,
        ] {
            for p in 0..(1u32 << f.bits()) {
                let v = f.decode(p);
                // MXINT8's 0x80 (-2) is outside the symmetric range the encoder saturates to.
                if v.is_nan() || v.is_infinite() || (f == Format::MXInt8 && p == 0x80) {
                    continue;
                }
                assert_eq!(f.encode(v), p, "{f:?} pattern {p:#x} = {v}");
            }
        }
    }

    #[test]
    fn e2m1_rounds_to_even_saturates_and_has_subnormals() {
        let e = |v| Format::E2M1.encode(v);
        // 0, 0.5 (subnormal), 1, 1.5, 2, 3, 4, 6.
        let values = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];
        for (p, v) in values.iter().enumerate() {
            assert_eq!(e(*v), p as u32);
            assert_eq!(e(-*v), p as u32 | 8);
        }
        // Ties to even: 0.25 -> 0, 0.75 -> 1.0, 1.25 -> 1.0, 1.75 -> 2.0, 5 -> 4.
        assert_eq!(e(0.25), 0);
        assert_eq!(e(0.75), 2);
        assert_eq!(e(1.25), 2);
        assert_eq!(e(1.75), 4);
        assert_eq!(e(2.5), 4);
        assert_eq!(e(5.0), 6);
        // Nearest otherwise, and saturation (no infinity, no NaN).
        assert_eq!(e(1.1), 2);
        assert_eq!(e(0.26), 1);
        assert_eq!(e(10.0), 7);
        assert_eq!(e(-1e30), 15);
        assert_eq!(e(f64::INFINITY), 7);
        assert_eq!(e(f64::NEG_INFINITY), 15);
        assert_eq!(e(f64::NAN), 0);
    }

    #[test]
    fn six_bit_formats() {
        let (a, b) = (Format::E2M3, Format::E3M2);
        // e2m3: bias 1, subnormal step 1/8, largest 7.5.
        assert_eq!(a.encode(1.0), 8); // 0.01.000
        assert_eq!(a.encode(0.125), 1);
        assert_eq!(a.encode(0.0625), 0); // a tie: to even
        assert_eq!(a.encode(0.1875), 2); // a tie: to even
        assert_eq!(a.encode(7.5), 31);
        assert_eq!(a.encode(100.0), 31);
        assert_eq!(a.encode(-100.0), 63);
        assert_eq!(a.decode(31), 7.5);
        // e3m2: bias 3, subnormal step 1/16, largest 28.
        assert_eq!(b.encode(1.0), 12); // 0.011.00
        assert_eq!(b.encode(0.0625), 1);
        assert_eq!(b.encode(0.03125), 0);
        assert_eq!(b.encode(28.0), 31);
        assert_eq!(b.encode(30.0), 31);
        assert_eq!(b.encode(26.0), 30); // 24 and 28: a tie, to even
        assert_eq!(b.decode(33), -0.0625); // 1.000.01
    }

    #[test]
    fn ue8m0_scales() {
        let f = Format::UE8M0;
        assert_eq!(f.encode(1.0), 127);
        assert_eq!(f.encode(2.0), 128);
        assert_eq!(f.encode(0.5), 126);
        // Nearest power of two; 1.5 * 2^e is a tie, to the even pattern.
        assert_eq!(f.encode(2.9), 128);
        assert_eq!(f.encode(3.1), 129);
        assert_eq!(f.encode(3.0), 128);
        assert_eq!(f.encode(6.0), 130);
        // No zero, sign or infinity: zero and negatives give 2^-127, infinities and NaN the
        // NaN pattern, finite overflow 2^127.
        assert_eq!(f.encode(0.0), 0);
        assert_eq!(f.encode(-100.0), 0);
        assert_eq!(f.encode(f64::NEG_INFINITY), 0);
        assert_eq!(f.encode(f64::INFINITY), 255);
        assert_eq!(f.encode(f64::NAN), 255);
        assert_eq!(f.encode(1e300), 254);
        assert_eq!(f.encode(2f64.powi(-127)), 0);
        assert_eq!(f.encode(2f64.powi(-126)), 1);
        assert_eq!(f.encode(2f64.powi(127)), 254);
        assert!(f.decode(255).is_nan());
    }

    #[test]
    fn mxint8_is_fixed_point() {
        let f = Format::MXInt8;
        assert_eq!(f.encode(1.0), 64);
        assert_eq!(f.encode(-1.0), 192);
        assert_eq!(f.encode(0.015625), 1);
        assert_eq!(f.encode(-0.015625), 255);
        assert_eq!(f.encode(1.984375), 127);
        // Ties to even, symmetric saturation, NaN to 0.
        assert_eq!(f.encode(1.0 / 128.0), 0);
        assert_eq!(f.encode(3.0 / 128.0), 2);
        assert_eq!(f.encode(5.0), 127);
        assert_eq!(f.encode(-100.0), 129);
        assert_eq!(f.encode(f64::NEG_INFINITY), 129);
        assert_eq!(f.encode(f64::NAN), 0);
        assert_eq!(f.decode(0x80), -2.0);
    }

    /// The table gives the float8 formats the rules `fresnel_sema`'s constant folding uses.
    #[test]
    fn float8_rules_from_the_same_table() {
        assert_eq!(Format::E4M3.encode(448.0), 0x7e);
        assert_eq!(Format::E4M3.encode(500.0), 0x7f); // NaN, no infinity
        assert_eq!(Format::E4M3.encode(1.1), 0x39); // 1.125
        assert_eq!(Format::E5M2.encode(60000.0), 0x7b); // 57344
        assert_eq!(Format::E5M2.encode(1e6), 0x7c); // infinity
        assert_eq!(Format::E5M2.encode(f64::NAN), 0x7e);
        assert_eq!(Format::BFloat16.encode(1.0), 0x3f80);
    }

    /// The writer's encoder and the checker's constant folding
    /// (`fresnel_sema::constant::small_float_round`) round every value alike: the two live
    /// in crates that share no dependency, so this test holds them together.
    #[test]
    fn the_encoder_rounds_as_the_checker_folds() {
        use fresnel::sema::builtin_types::Scalar;
        use fresnel::sema::constant::small_float_round;
        for (f, s) in [
            (Format::BFloat16, Scalar::BF16),
            (Format::E4M3, Scalar::FE4M3),
            (Format::E5M2, Scalar::FE5M2),
        ] {
            // Values across each range: exact patterns, halfway points (ties), subnormals,
            // overflow, and a spread of arbitrary magnitudes.
            let mut values = vec![
                0.0, -0.0, 1e-30, 1.1, -1.1, 448.0, 500.0, 57344.0, 1e6, 1e39,
            ];
            for p in 0..(1u32 << f.bits()).min(1 << 12) {
                let v = f.decode(p);
                if v.is_finite() {
                    values.extend([v, v * 1.03125, v * 0.984375]);
                }
            }
            for k in -200..200 {
                values.push(1.37f64.powi(k) * if k % 2 == 0 { 1.0 } else { -1.0 });
            }
            for v in values {
                let folded = f64::from(small_float_round(s, v));
                let written = f.decode(f.encode(v));
                assert!(
                    folded == written || (folded.is_nan() && written.is_nan()),
                    "{f:?}: {v} folds to {folded}, is written as {written}"
                );
            }
        }
    }
}
