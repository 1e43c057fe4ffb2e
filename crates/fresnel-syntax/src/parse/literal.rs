//! Numeric literals: spelling to value, and the version/extension rules for suffixes.

use super::Parser;
use crate::ast::{ExprKind, FloatLit, FloatSuffix, IntLit, IntSuffix, SmallFloat};
use crate::token::Token;

/// Parses an integer literal's spelling (`42`, `0x2A`, `052`, with an optional suffix).
pub fn parse_int_literal(text: &str) -> Result<IntLit, String> {
    let (digits, radix) =
        if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            (h, 16)
        } else if text.len() > 1 && text.starts_with('0') && text.as_bytes()[1].is_ascii_digit() {
            (&text[1..], 8)
        } else {
            (text, 10)
        };
    let split = digits
        .find(|c: char| !c.is_ascii_hexdigit() || (radix != 16 && !c.is_ascii_digit()))
        .unwrap_or(digits.len());
    let (num, suffix_text) = digits.split_at(split);
    if num.is_empty() {
        return Err(format!("`{text}` has no digits"));
    }
    let suffix = match suffix_text {
        "" => IntSuffix::None,
        "u" | "U" => IntSuffix::U,
        "l" | "L" => IntSuffix::L,
        "ul" | "UL" | "uL" | "Ul" => IntSuffix::UL,
        "s" | "S" => IntSuffix::S,
        "us" | "US" | "uS" | "Us" => IntSuffix::US,
        other => {
            return Err(format!(
                "invalid suffix `{other}` on integer literal `{text}`"
            ))
        }
    };
    let mut value: u64 = 0;
    for c in num.chars() {
        let Some(d) = c.to_digit(radix) else {
            return Err(if radix == 8 {
                format!("invalid digit `{c}` in octal literal `{text}`")
            } else {
                format!("invalid digit `{c}` in integer literal `{text}`")
            });
        };
        value = match value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d as u64))
        {
            Some(v) => v,
            None => return Err(format!("integer literal `{text}` does not fit in 64 bits")),
        };
    }
    let bits = match suffix {
        IntSuffix::None | IntSuffix::U => 32,
        IntSuffix::L | IntSuffix::UL => 64,
        IntSuffix::S | IntSuffix::US => 16,
    };
    if bits < 64 && value >> bits != 0 {
        return Err(format!(
            "integer literal `{text}` does not fit in {bits} bits"
        ));
    }
    Ok(IntLit { value, suffix })
}

/// Parses a floating-point literal's spelling (`1.0`, `.5e-3`, `2E10f`, `1.0lf`, `1.0hf`).
pub fn parse_float_literal(text: &str) -> Result<FloatLit, String> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut mantissa_digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        mantissa_digits += 1;
    }
    let mut has_dot = false;
    if i < b.len() && b[i] == b'.' {
        has_dot = true;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            mantissa_digits += 1;
        }
    }
    if mantissa_digits == 0 {
        return Err(format!("`{text}` is not a number"));
    }
    let mut has_exp = false;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        has_exp = true;
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(format!("exponent of `{text}` has no digits"));
        }
    }
    let (num, suffix_text) = text.split_at(i);
    // The suffix is compared without making a lower-case copy (performance).
    let suffix = if suffix_text.is_empty() {
        FloatSuffix::None
    } else if suffix_text.eq_ignore_ascii_case("f") {
        FloatSuffix::F
    } else if suffix_text.eq_ignore_ascii_case("lf") {
        FloatSuffix::LF
    } else if suffix_text.eq_ignore_ascii_case("hf") {
        FloatSuffix::HF
    } else {
        // The small-float suffixes are lower case and must be written so.
        match SmallFloat::ALL
            .iter()
            .find(|f| f.suffix_and_extension().0 == suffix_text)
        {
            Some(f) => FloatSuffix::Small(*f),
            None => {
                return Err(format!(
                    "invalid suffix `{suffix_text}` on floating-point literal `{text}`"
                ))
            }
        }
    };
    if !has_dot && !has_exp {
        return Err(format!(
            "`{text}` needs a decimal point or an exponent to be a floating-point literal"
        ));
    }
    // Rust's parser wants digits on both sides of '.' before an exponent. The normalized
    // text is built on the stack (performance: no allocation per literal).
    let mut norm: smallvec::SmallVec<[u8; 40]> = smallvec::SmallVec::new();
    let mut prev = 0u8;
    for &c in num.as_bytes() {
        if (c == b'e' || c == b'E') && prev == b'.' {
            norm.push(b'0');
        }
        if c == b'.' && prev == 0 {
            norm.push(b'0');
        }
        norm.push(c);
        prev = c;
    }
    if norm.last() == Some(&b'.') {
        norm.push(b'0');
    }
    let value: f64 = std::str::from_utf8(&norm)
        .ok()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("`{text}` is not a valid floating-point literal"))?;
    Ok(FloatLit { value, suffix })
}

impl Parser<'_> {
    /// Parses a literal token into an expression kind, reporting invalid or unavailable forms.
    pub(crate) fn literal(&mut self, t: &Token, is_float: bool) -> ExprKind {
        let text = self.text(t);
        if is_float {
            match parse_float_literal(&text) {
                Ok(lit) => {
                    self.check_float_suffix(t, &text, lit.suffix);
                    if lit.value.is_infinite() {
                        self.warning_at(
                            "literal-overflow",
                            t.span,
                            format!(
                                "floating-point literal `{text}` is too large and becomes infinity"
                            ),
                        );
                    }
                    ExprKind::FloatLit(lit)
                }
                Err(msg) => {
                    self.error_at("invalid-literal", t.span, msg);
                    ExprKind::Error
                }
            }
        } else {
            match parse_int_literal(&text) {
                Ok(lit) => {
                    self.check_int_suffix(t, &text, lit.suffix);
                    ExprKind::IntLit(lit)
                }
                Err(msg) => {
                    self.error_at("invalid-literal", t.span, msg);
                    ExprKind::Error
                }
            }
        }
    }

    fn any_ext_named_on(&self, names: &[&str]) -> bool {
        names.iter().any(|n| self.ext_named_on(n))
    }

    fn check_int_suffix(&mut self, t: &Token, text: &str, s: IntSuffix) {
        if self.opts.builtin {
            return;
        }
        let v = self.version();
        let (ok, need) = match s {
            IntSuffix::None => (true, ""),
            IntSuffix::U => (
                v.at_least(130, 300) || self.any_ext_named_on(&["GL_EXT_gpu_shader4"]),
                if v.is_es() {
                    "GLSL ES 3.00"
                } else {
                    "GLSL 1.30 or GL_EXT_gpu_shader4"
                },
            ),
            IntSuffix::L | IntSuffix::UL => (
                self.any_ext_named_on(&[
                    "GL_ARB_gpu_shader_int64",
                    "GL_AMD_gpu_shader_int64",
                    "GL_EXT_shader_explicit_arithmetic_types",
                    "GL_EXT_shader_explicit_arithmetic_types_int64",
                ]),
                "GL_ARB_gpu_shader_int64 or GL_EXT_shader_explicit_arithmetic_types_int64",
            ),
            IntSuffix::S | IntSuffix::US => (
                self.any_ext_named_on(&[
                    "GL_AMD_gpu_shader_int16",
                    "GL_EXT_shader_explicit_arithmetic_types",
                    "GL_EXT_shader_explicit_arithmetic_types_int16",
                ]),
                "GL_EXT_shader_explicit_arithmetic_types_int16",
            ),
        };
        if !ok {
            self.error_at(
                "literal-suffix",
                t.span,
                format!("the suffix of `{text}` needs {need} (this is GLSL {v})"),
            );
        }
    }

    fn check_float_suffix(&mut self, t: &Token, text: &str, s: FloatSuffix) {
        if self.opts.builtin {
            return;
        }
        let v = self.version();
        let (ok, need) = match s {
            FloatSuffix::None => (true, ""),
            FloatSuffix::F => (
                v.at_least(120, 300),
                if v.is_es() {
                    "GLSL ES 3.00"
                } else {
                    "GLSL 1.20"
                },
            ),
            FloatSuffix::LF => (
                v.at_least(400, 0) || self.any_ext_named_on(&["GL_ARB_gpu_shader_fp64"]),
                "GLSL 4.00 or GL_ARB_gpu_shader_fp64",
            ),
            FloatSuffix::HF => (
                self.any_ext_named_on(&[
                    "GL_AMD_gpu_shader_half_float",
                    "GL_EXT_shader_explicit_arithmetic_types",
                    "GL_EXT_shader_explicit_arithmetic_types_float16",
                ]),
                "GL_EXT_shader_explicit_arithmetic_types_float16 or GL_AMD_gpu_shader_half_float",
            ),
            FloatSuffix::Small(f) => {
                let (_, ext) = f.suffix_and_extension();
                (self.ext_named_on(ext), ext)
            }
        };
        if !ok {
            self.error_at(
                "literal-suffix",
                t.span,
                format!("the suffix of `{text}` needs {need} (this is GLSL {v})"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_int_literal("42").unwrap().value, 42);
        assert_eq!(parse_int_literal("0x2A").unwrap().value, 42);
        assert_eq!(parse_int_literal("052").unwrap().value, 42);
        assert_eq!(parse_int_literal("0").unwrap().value, 0);
        assert_eq!(parse_int_literal("4294967295").unwrap().value, 4294967295);
        assert_eq!(parse_int_literal("7u").unwrap().suffix, IntSuffix::U);
        assert_eq!(parse_int_literal("0xFFu").unwrap().value, 255);
        assert_eq!(parse_int_literal("5ul").unwrap().suffix, IntSuffix::UL);
        assert!(parse_int_literal("4294967296").is_err());
        assert!(parse_int_literal("4294967296l").is_ok());
        assert!(parse_int_literal("08").is_err());
        assert!(parse_int_literal("12abc").is_err());
        assert!(parse_int_literal("0x").is_err());
        assert!(parse_int_literal("99999999999999999999999").is_err());
    }

    #[test]
    fn floats() {
        assert_eq!(parse_float_literal("1.5").unwrap().value, 1.5);
        assert_eq!(parse_float_literal(".5").unwrap().value, 0.5);
        assert_eq!(parse_float_literal("1.").unwrap().value, 1.0);
        assert_eq!(parse_float_literal("1.e2").unwrap().value, 100.0);
        assert_eq!(parse_float_literal("2E10").unwrap().value, 2e10);
        assert_eq!(parse_float_literal("1e-3f").unwrap().suffix, FloatSuffix::F);
        assert_eq!(
            parse_float_literal("1.0lf").unwrap().suffix,
            FloatSuffix::LF
        );
        assert_eq!(
            parse_float_literal("1.0HF").unwrap().suffix,
            FloatSuffix::HF
        );
        assert_eq!(
            parse_float_literal("0.25lF").unwrap().suffix,
            FloatSuffix::LF
        );
        assert_eq!(
            parse_float_literal("1.0fe2m1").unwrap().suffix,
            FloatSuffix::Small(SmallFloat::E2M1)
        );
        assert!(parse_float_literal("1.0FE2M1").is_err());
        assert!(parse_float_literal("1e").is_err());
        assert!(parse_float_literal("1.0foo").is_err());
        assert!(parse_float_literal("1.0.0").is_err());
        assert!(parse_float_literal("5lf").is_err());
    }
}
