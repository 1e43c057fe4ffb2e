//! `spirv_type(...)` (GL_EXT_spirv_intrinsics, issue 5, helper B): the type is an
//! extension-opaque type named by its canonical text, e.g. `spirv_type(extensions =
//! [SPV_KHR_ray_query], capabilities = [4472], id = 4472)` or `spirv_type(id = 32, 5349,
//! uint)`, so two spellings of one SPIR-V type are one type, different ones differ, and
//! the SPIR-V back end declares it from the text (`OpType*` = `id`, integer constants as
//! literal operands, types as type ids).

use fresnel_syntax::ast;

use super::Checker;
use crate::constant::ConstValue;
use crate::hir::ExprKind;

/// Arguments at most (a bound on the text).
const MAX_ARGS: usize = 64;

/// `spirv_instruction(...)` prototypes (issue 5), with this module's argument readers.
mod spirv_execution_mode;
mod spirv_instruction;

impl Checker<'_> {
    /// The canonical text of a `spirv_type` qualifier; `None` (after an error) when an
    /// argument is not what the extension allows.
    pub(crate) fn spirv_type_text(&mut self, q: &ast::SpirvQualifier) -> Option<String> {
        let mut exts: Vec<String> = Vec::new();
        let mut caps: Vec<i64> = Vec::new();
        let mut id: Option<i64> = None;
        let mut operands: Vec<String> = Vec::new();
        if q.args.len() > MAX_ARGS {
            self.error(
                "spirv-type-argument",
                q.span,
                format!("`spirv_type` takes at most {MAX_ARGS} arguments"),
            );
            return None;
        }
        for a in &q.args {
            match a {
                ast::SpirvArg::Named { key, value, span } => {
                    let key = self.name(*key).to_string();
                    match key.as_str() {
                        "id" => id = Some(self.spirv_int(value, *span)?),
                        "capabilities" => caps = self.spirv_list(value, *span, false)?.0,
                        "extensions" => exts = self.spirv_list(value, *span, true)?.1,
                        other => {
                            self.error(
                                "spirv-type-argument",
                                *span,
                                format!("`spirv_type` has no argument `{other}` (only `extensions`, `capabilities` and `id`)"),
                            );
                            return None;
                        }
                    }
                }
                ast::SpirvArg::Expr(_) => operands.push(self.spirv_int(a, q.span)?.to_string()),
                ast::SpirvArg::Type(ts) => {
                    let t = self.resolve_type(ts);
                    if self.m.types.is_error(t) {
                        return None;
                    }
                    operands.push(self.ty_name(t));
                }
                ast::SpirvArg::List(_, span) => {
                    self.error(
                        "spirv-type-argument",
                        *span,
                        "a list is not a `spirv_type` operand",
                    );
                    return None;
                }
            }
        }
        let Some(id) = id else {
            self.error(
                "spirv-type-argument",
                q.span,
                "`spirv_type` needs `id = <opcode>`",
            );
            return None;
        };
        let mut parts = Vec::new();
        if !exts.is_empty() {
            // Without quotes (the names are identifiers), so the IR text form can quote the
            // type's name.
            parts.push(format!("extensions = [{}]", exts.join(", ")));
        }
        if !caps.is_empty() {
            let c: Vec<String> = caps.iter().map(i64::to_string).collect();
            parts.push(format!("capabilities = [{}]", c.join(", ")));
        }
        parts.push(format!("id = {id}"));
        parts.extend(operands);
        Some(format!("spirv_type({})", parts.join(", ")))
    }

    /// A constant integer argument (0..2^32).
    fn spirv_int(&mut self, a: &ast::SpirvArg, span: fresnel_syntax::source::Span) -> Option<i64> {
        let ast::SpirvArg::Expr(e) = a else {
            self.error("spirv-type-argument", span, "expected a constant integer");
            return None;
        };
        let h = self.expr(*e);
        let espan = self.m.expr(h).span;
        let v = match &self.m.expr(h).kind {
            ExprKind::Const(c) if !matches!(c, ConstValue::Bool(_) | ConstValue::Composite(_)) => {
                c.to_i64()
            }
            _ => None,
        };
        match v {
            Some(n) if (0..=i64::from(u32::MAX)).contains(&n) => Some(n),
            _ => {
                self.error(
                    "spirv-type-argument",
                    espan,
                    "expected a constant integer from 0 to 4294967295",
                );
                None
            }
        }
    }

    /// A list of integers (`strings`: of string literals).
    fn spirv_list(
        &mut self,
        a: &ast::SpirvArg,
        span: fresnel_syntax::source::Span,
        strings: bool,
    ) -> Option<(Vec<i64>, Vec<String>)> {
        let ast::SpirvArg::List(items, _) = a else {
            self.error("spirv-type-argument", span, "expected a list `[...]`");
            return None;
        };
        let mut ints = Vec::new();
        let mut strs = Vec::new();
        for it in items {
            if strings {
                let text = match it {
                    ast::SpirvArg::Expr(e) => match &self.ast().expr(*e).kind {
                        ast::ExprKind::StrLit(s) => Some(self.name(*s).to_string()),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(text) = text else {
                    self.error("spirv-type-argument", span, "expected a string literal");
                    return None;
                };
                let inner = text.trim_matches('"');
                if inner.is_empty() || !inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                {
                    self.error(
                        "spirv-type-argument",
                        span,
                        format!("`{text}` is not a SPIR-V extension name"),
                    );
                    return None;
                }
                strs.push(inner.to_string());
            } else {
                ints.push(self.spirv_int(it, span)?);
            }
        }
        Some((ints, strs))
    }
}
