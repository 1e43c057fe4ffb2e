//! The small floating-point formats as SPIR-V types (issue 5, helper F): GL_EXT_bfloat16
//! (`bfloat16_t`, `bf16vecN`) as SPV_KHR_bfloat16 (`OpTypeFloat 16 BFloat16KHR`), and
//! GL_EXT_float_e4m3 / GL_EXT_float_e5m2 (`floate4m3_t`, `fe4m3vecN`, `floate5m2_t`,
//! `fe5m2vecN`) as SPV_EXT_float8 (`OpTypeFloat 8 Float8E4M3EXT/Float8E5M2EXT`). These reach
//! the IR as `Type::Opaque` named by the GLSL type; here the name is read back and the type
//! declared (a vector of them with `OpTypeVector`). The operations on them are in
//! `instr/small_float.rs`.
//!
//! The other microscaling formats (e2m1, e2m3, e3m2, ue8m0, mxint8) have no type in the
//! SPIR-V this writer targets: they are not read here and stay rejected by name.

use super::Module;

pub const CAP_FLOAT8_EXT: u32 = 4212;
pub const CAP_BFLOAT16_TYPE_KHR: u32 = 5116;
pub const CAP_BFLOAT16_DOT_PRODUCT_KHR: u32 = 5117;
pub const ENC_BFLOAT16_KHR: u32 = 0;
pub const ENC_FLOAT8_E4M3_EXT: u32 = 4214;
pub const ENC_FLOAT8_E5M2_EXT: u32 = 4215;
/// Decoration `SaturatedToLargestFloat8NormalConversionEXT`.
pub const DECOR_SATURATED_FLOAT8: u32 = 4216;

/// One of the formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    BFloat16,
    E4M3,
    E5M2,
}

impl Format {
    pub fn bits(self) -> u8 {
        match self {
            Format::BFloat16 => 16,
            Format::E4M3 | Format::E5M2 => 8,
        }
    }

    /// The `FPEncoding` operand of `OpTypeFloat`.
    pub fn encoding(self) -> u32 {
        match self {
            Format::BFloat16 => ENC_BFLOAT16_KHR,
            Format::E4M3 => ENC_FLOAT8_E4M3_EXT,
            Format::E5M2 => ENC_FLOAT8_E5M2_EXT,
        }
    }

    /// The bit pattern of a small integer value (0 or 1) in this format (exact).
    pub fn small_int_bits(self, one: bool) -> u32 {
        if !one {
            return 0;
        }
        match self {
            // sign 0, exponent 127, mantissa 0
            Format::BFloat16 => 0x3f80,
            // exponent bias 7: 0 0111 000
            Format::E4M3 => 0x38,
            // exponent bias 15: 0 01111 00
            Format::E5M2 => 0x3c,
        }
    }
}

/// A scalar or vector type of a small format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SmallFloat {
    pub format: Format,
    pub comps: u8,
}

/// Reads `bfloat16_t`, `bf16vec3`, `floate4m3_t`, `fe4m3vec2`, `floate5m2_t`, `fe5m2vec4`.
pub fn parse(name: &str) -> Option<SmallFloat> {
    let name = name.trim();
    let scalar = |format| Some(SmallFloat { format, comps: 1 });
    match name {
        "bfloat16_t" => return scalar(Format::BFloat16),
        "floate4m3_t" => return scalar(Format::E4M3),
        "floate5m2_t" => return scalar(Format::E5M2),
        _ => {}
    }
    let (format, n) = if let Some(n) = name.strip_prefix("bf16vec") {
        (Format::BFloat16, n)
    } else if let Some(n) = name.strip_prefix("fe4m3vec") {
        (Format::E4M3, n)
    } else if let Some(n) = name.strip_prefix("fe5m2vec") {
        (Format::E5M2, n)
    } else {
        return None;
    };
    let comps = match n {
        "2" => 2,
        "3" => 3,
        "4" => 4,
        _ => return None,
    };
    Some(SmallFloat { format, comps })
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
        assert_eq!(parse("floate2m1_t"), None);
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
}
