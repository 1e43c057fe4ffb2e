//! GL_NV_cooperative_matrix as SPV_NV_cooperative_matrix (issue 5, helper V): the type
//! `fcoopmatNV<bits, scope, rows, cols>` (and `icoopmatNV`, `ucoopmatNV`, GL_NV_integer_
//! cooperative_matrix) reaches the IR as `Type::Opaque` named by its GLSL text; here it is
//! read back and declared `OpTypeCooperativeMatrixNV component scope rows columns` (the
//! last three as 32-bit unsigned constants), with capability `CooperativeMatrixNV` and the
//! extension. The operations are in `instr/coopmat_nv.rs`.

use fresnel_ir::BaseType;

use super::{Module, Result, SpirvError};

pub const CAP_COOPERATIVE_MATRIX_NV: u32 = 5357;
pub const OP_TYPE_COOPERATIVE_MATRIX_NV: u16 = 5358;
pub const OP_COOPERATIVE_MATRIX_LOAD_NV: u16 = 5359;
pub const OP_COOPERATIVE_MATRIX_STORE_NV: u16 = 5360;
pub const OP_COOPERATIVE_MATRIX_MUL_ADD_NV: u16 = 5361;
pub const OP_COOPERATIVE_MATRIX_LENGTH_NV: u16 = 5362;

/// A dimension: a number, or the name of a specialization constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dim<'a> {
    Lit(u32),
    Spec(&'a str),
}

/// The parts of an NV cooperative matrix type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CoopMatNv<'a> {
    pub base: BaseType,
    pub bits: u8,
    /// SPIR-V `Scope` value.
    pub scope: u32,
    pub rows: Dim<'a>,
    pub cols: Dim<'a>,
}

fn dim(s: &str) -> Option<Dim<'_>> {
    match s.parse::<u32>() {
        Ok(0) => None,
        Ok(n) => Some(Dim::Lit(n)),
        Err(_) => {
            let ident = s
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            ident.then_some(Dim::Spec(s))
        }
    }
}

/// The SPIR-V scope of a GLSL scope name (`gl_ScopeSubgroup`) or number.
fn scope(s: &str) -> Option<u32> {
    Some(match s {
        "gl_ScopeDevice" => 1,
        "gl_ScopeWorkgroup" => 2,
        "gl_ScopeSubgroup" => 3,
        "gl_ScopeInvocation" => 4,
        "gl_ScopeQueueFamily" => 5,
        n => n.parse().ok()?,
    })
}

/// Reads `fcoopmatNV<32, gl_ScopeSubgroup, 16, 8>` (a dimension may name a specialization
/// constant: `fcoopmatNV<16, gl_ScopeSubgroup, SC, SC>`).
pub fn parse(name: &str) -> Option<CoopMatNv<'_>> {
    let name = name.trim();
    let (base, rest) = if let Some(r) = name.strip_prefix("fcoopmatNV<") {
        (BaseType::Float, r)
    } else if let Some(r) = name.strip_prefix("icoopmatNV<") {
        (BaseType::Int, r)
    } else if let Some(r) = name.strip_prefix("ucoopmatNV<") {
        (BaseType::Uint, r)
    } else {
        return None;
    };
    let inner = rest.strip_suffix('>')?;
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [bits, sc, rows, cols] = parts.as_slice() else {
        return None;
    };
    let bits: u8 = bits.parse().ok()?;
    let ok_bits = match base {
        BaseType::Float => matches!(bits, 16 | 32 | 64),
        _ => matches!(bits, 8 | 16 | 32 | 64),
    };
    if !ok_bits {
        return None;
    }
    Some(CoopMatNv {
        base,
        bits,
        scope: scope(sc)?,
        rows: dim(rows)?,
        cols: dim(cols)?,
    })
}

impl Module<'_> {
    /// The NV cooperative matrix type named `name` (`None`: not one).
    pub(crate) fn coopmat_nv_type(&mut self, name: &str) -> Option<Result<u32>> {
        let c = parse(name)?;
        self.cap(CAP_COOPERATIVE_MATRIX_NV);
        self.exts.insert("SPV_NV_cooperative_matrix");
        let comp = self.scalar_type(c.base, c.bits);
        let scope = self.const_u32(c.scope);
        let rows = match self.coopmat_dim(c.rows, name) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        let cols = match self.coopmat_dim(c.cols, name) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        Some(Ok(self.ty(
            OP_TYPE_COOPERATIVE_MATRIX_NV,
            &[comp, scope, rows, cols],
        )))
    }

    /// A dimension as a constant id: a 32-bit unsigned constant, or the 32-bit integer
    /// specialization constant of that name.
    fn coopmat_dim(&mut self, d: Dim<'_>, ty: &str) -> Result<u32> {
        match d {
            Dim::Lit(n) => Ok(self.const_u32(n)),
            Dim::Spec(name) => self.spec_u32_param(name, ty, "dimension"),
        }
    }
}

impl Module<'_> {
    /// The id of the 32-bit integer specialization constant `name`, a parameter (`what`) of
    /// vendor type `ty` (cooperative matrix dimensions, cooperative vector lengths).
    pub(crate) fn spec_u32_param(&mut self, name: &str, ty: &str, what: &str) -> Result<u32> {
        let shader = self.shader;
        let sc = shader.info.spec_constants.iter().find(|s| s.name == name);
        let kind = sc.and_then(|s| self.value_kind(s.ty));
        match (sc, kind) {
            (Some(sc), Some(k))
                if k.comps == 1
                    && k.bits == 32
                    && matches!(k.base, BaseType::Int | BaseType::Uint) =>
            {
                self.spec_expr_id(&fresnel_ir::SpecExpr::SpecConstant {
                    id: sc.id,
                    base: k.base,
                    bits: 32,
                })
            }
            _ => Err(SpirvError::new(format!(
                "type `{ty}`: {what} `{name}` is not a 32-bit integer specialization constant"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_forms() {
        assert_eq!(
            parse("fcoopmatNV<32, gl_ScopeSubgroup, 16, 8>"),
            Some(CoopMatNv {
                base: BaseType::Float,
                bits: 32,
                scope: 3,
                rows: Dim::Lit(16),
                cols: Dim::Lit(8)
            })
        );
        assert_eq!(
            parse("icoopmatNV<8, gl_ScopeWorkgroup, 8, 8>").map(|c| c.scope),
            Some(2)
        );
        assert_eq!(
            parse("ucoopmatNV<16, 3, 8, 8>").map(|c| c.base),
            Some(BaseType::Uint)
        );
        // A dimension named by a specialization constant; bad widths, other types.
        assert_eq!(
            parse("fcoopmatNV<16, gl_ScopeSubgroup, SC, 8>").map(|c| (c.rows, c.cols)),
            Some((Dim::Spec("SC"), Dim::Lit(8)))
        );
        assert_eq!(parse("fcoopmatNV<16, gl_ScopeSubgroup, 0, 8>"), None);
        assert_eq!(parse("fcoopmatNV<16, gl_ScopeSubgroup, 2+3, 8>"), None);
        assert_eq!(parse("fcoopmatNV<8, gl_ScopeSubgroup, 8, 8>"), None);
        assert_eq!(
            parse("coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>"),
            None
        );
    }
}
