//! `spirv_execution_mode(...)` and `spirv_execution_mode_id(...)` directives
//! (GL_EXT_spirv_intrinsics): the execution mode by its SPIR-V number, then its operands,
//! after the optional `extensions = [...]` and `capabilities = [...]` requirements. Recorded
//! in `Module::spirv_execution_modes` for the back end. `spirv_execution_mode` operands are
//! literals: constant scalars; `spirv_execution_mode_id` operands are ids: constant
//! expressions, specialization constants included. The requirements of these directives
//! and of the `spirv_decorate*` / `spirv_storage_class` qualifiers are the module's
//! (`Module::spirv_capabilities`, `Module::spirv_extensions`).

use fresnel_syntax::ast;

use crate::check::Checker;
use crate::hir::{ExprKind, SpirvExecutionMode};
use crate::types::Type;

impl Checker<'_> {
    /// The `extensions = [...]` and `capabilities = [...]` of a GL_EXT_spirv_intrinsics
    /// qualifier; `false` when one is malformed (reported).
    fn spirv_requirement_args(&mut self, q: &ast::SpirvQualifier) -> bool {
        for a in &q.args {
            let ast::SpirvArg::Named { key, value, span } = a else {
                continue;
            };
            match self.name(*key) {
                "extensions" => {
                    let Some((_, exts)) = self.spirv_list(value, *span, true) else {
                        return false;
                    };
                    for e in exts {
                        let e = e.trim_matches('"').to_string();
                        if !self.m.spirv_extensions.contains(&e) {
                            self.m.spirv_extensions.push(e);
                        }
                    }
                }
                "capabilities" => {
                    let Some((caps, _)) = self.spirv_list(value, *span, false) else {
                        return false;
                    };
                    for c in caps.into_iter().filter_map(|c| u32::try_from(c).ok()) {
                        if !self.m.spirv_capabilities.contains(&c) {
                            self.m.spirv_capabilities.push(c);
                        }
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// The requirements of a `spirv_decorate*` or `spirv_storage_class` qualifier.
    pub(crate) fn record_spirv_requirements(&mut self, q: &ast::SpirvQualifier) {
        if matches!(
            self.name(q.name),
            "spirv_decorate"
                | "spirv_decorate_id"
                | "spirv_decorate_string"
                | "spirv_storage_class"
        ) {
            self.spirv_requirement_args(q);
        }
    }

    pub(crate) fn record_spirv_execution_mode(&mut self, q: &ast::SpirvQualifier) {
        let id = match self.name(q.name) {
            "spirv_execution_mode" => false,
            "spirv_execution_mode_id" => true,
            _ => return,
        };
        let mut md = SpirvExecutionMode {
            mode: 0,
            id,
            operands: Vec::new(),
            span: q.span,
        };
        let mut have_mode = false;
        for a in &q.args {
            match a {
                ast::SpirvArg::Named { key, span, .. } => {
                    let k = self.name(*key);
                    if k != "extensions" && k != "capabilities" {
                        let k = k.to_string();
                        self.error(
                            "spirv-type-argument",
                            *span,
                            format!("`{k}` is not a requirement of an execution mode (expected `extensions` or `capabilities`)"),
                        );
                        return;
                    }
                }
                _ if !have_mode => {
                    let Some(m) = self.spirv_int(a, q.span) else {
                        return;
                    };
                    md.mode = m as u32;
                    have_mode = true;
                }
                ast::SpirvArg::Expr(e) => {
                    let h = self.expr(*e);
                    let ty = self.ety(h);
                    if self.m.types.is_error(ty) {
                        return;
                    }
                    let scalar = matches!(self.m.types.get(ty), Type::Scalar(_));
                    let constant = matches!(self.m.expr(h).kind, ExprKind::Const(_))
                        && (id || !self.m.is_spec_expr(h));
                    if !scalar || !constant {
                        let span = self.m.expr(h).span;
                        self.error(
                            "spirv-type-argument",
                            span,
                            if id {
                                "an operand of `spirv_execution_mode_id` must be a scalar constant expression"
                            } else {
                                "an operand of `spirv_execution_mode` must be a scalar constant expression (not a specialization constant: it is a literal)"
                            },
                        );
                        return;
                    }
                    md.operands.push(h);
                }
                _ => {
                    self.error(
                        "spirv-type-argument",
                        q.span,
                        "an execution mode operand must be an expression",
                    );
                    return;
                }
            }
        }
        if !have_mode {
            self.error(
                "spirv-type-argument",
                q.span,
                "an execution mode directive needs the mode's number",
            );
            return;
        }
        if self.spirv_requirement_args(q) {
            self.m.spirv_execution_modes.push(md);
        }
    }
}
